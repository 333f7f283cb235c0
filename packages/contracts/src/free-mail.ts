import freeMailDomains from 'email-providers/all.json' with { type: 'json' };
import { VALIDATION, ZEmail } from './common.js';

// The maintained list of free-mail and personal providers (`example.com` is in it too). It
// weighs about 43 kB gzipped, so it lives apart: only registration and profile forms load it.
let freeMailSet: ReadonlySet<string> | undefined;

export function isFreeMailDomain(domain: string): boolean {
  freeMailSet ??= new Set(freeMailDomains);
  return freeMailSet.has(domain.toLowerCase());
}

export const ZCorporateEmail = ZEmail.refine(
  (email) => !isFreeMailDomain(email.slice(email.lastIndexOf('@') + 1)),
  { error: VALIDATION.emailNotCorporate },
);
