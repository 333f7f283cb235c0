import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from './clock.js';

export type SessionClaims = { userId: string; tokenVersion: number };

export type SessionTokens = {
  sign(claims: SessionClaims): Promise<string>;
  verify(token: string): Promise<SessionClaims | undefined>;
};

/** HS256 JWTs holding only the user id and token version; roles are read fresh per request. */
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
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return undefined;
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
