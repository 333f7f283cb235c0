import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
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
  // fast-jwt signs and verifies with node:crypto's HMAC; the times come from our clock, so the
  // library's own (fixed at creation) are switched off and checked here.
  const signToken = createSigner({ key: options.secret, algorithm: 'HS256', noTimestamp: true });
  const verifyToken = createVerifier({
    key: options.secret,
    algorithms: ['HS256'],
    ignoreExpiration: true,
  });
  return {
    async sign(claims) {
      const issuedAt = Math.floor(options.clock.now().getTime() / 1000);
      return signToken({
        sub: claims.userId,
        tv: claims.tokenVersion,
        iat: issuedAt,
        exp: issuedAt + options.ttlHours * 3600,
      });
    },
    async verify(token) {
      let payload: { sub?: unknown; tv?: unknown; exp?: unknown };
      try {
        payload = verifyToken(token) as typeof payload;
      } catch {
        return undefined;
      }
      const now = options.clock.now().getTime() / 1000;
      if (typeof payload.exp !== 'number' || payload.exp <= now) return undefined;
      // A user id is a UUID: anything else signed with our key is refused here, not by the database.
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) return undefined;
      if (typeof payload.tv !== 'number' || !Number.isSafeInteger(payload.tv)) return undefined;
      return { userId: payload.sub, tokenVersion: payload.tv };
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
