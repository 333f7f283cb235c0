import freeMailDomains from 'email-providers/all.json' with { type: 'json' };

// The maintained list of free-mail and personal providers; `example.com` is in it too.
const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set(freeMailDomains);

export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL_DOMAINS.has(domain.toLowerCase());
}
