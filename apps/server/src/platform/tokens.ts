import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from './clock.js';

export type SessionClaims = { userId: string; tokenVersion: number };

export type SessionTokens = {
  sign(claims: SessionClaims): Promise<string>;
  verify(token: string): Promise<SessionClaims | undefined>;
};

/** HS256 JWTs holding only the user id and token version; roles are read fresh per request. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createSessionTokens(options: {
  secret: string;
  ttlHours: number;
  clock: Clock;
}): SessionTokens {
  const key = new TextEncoder().encode(options.secret);
  return {
    async sign(claims) {
      const issuedAt = Math.floor(options.clock.now().getTime() / 1000);
      return new SignJWT({ tv: claims.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttlHours * 3600)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: options.clock.now(),
        });
        // A user id is a UUID: anything else signed with our key is refused here, not by the database.
        if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) return undefined;
        if (typeof payload.tv !== 'number' || !Number.isSafeInteger(payload.tv)) return undefined;
        return { userId: payload.sub, tokenVersion: payload.tv };
      } catch {
        return undefined;
      }
    },
  };
}

/** A random single-use token for a mail link, and the hash that is stored instead of it. */
export function createMailToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashMailToken(token) };
}

export function hashMailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
