import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (OWASP-recommended memory and time costs).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check, so a login does not reveal whether an email exists. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('dummy-password-for-timing');
  await verify(await dummyHash, password);
  return false;
}

/** The hash of a random secret nobody knows: the account exists but cannot sign in yet. */
export function unusablePasswordHash(): Promise<string> {
  return hash(randomBytes(32).toString('base64url'));
}
