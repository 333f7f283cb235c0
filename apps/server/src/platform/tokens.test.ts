import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestClock } from './clock.js';
import { createMailToken, createSessionTokens, hashMailToken } from './tokens.js';

const SECRET = 'a-session-secret-that-is-long-enough-for-hs256';
const TTL_HOURS = 24;
const USER_ID = '6f1c2a52-4a3e-4d7b-9a51-2f4f0c8e9b10';

describe('createSessionTokens', () => {
  it('verifies a token it signed and gives back the claims', async () => {
    const tokens = createSessionTokens({
      secret: SECRET,
      ttlHours: TTL_HOURS,
      clock: createTestClock(),
    });

    const token = await tokens.sign({ userId: USER_ID, tokenVersion: 3 });

    expect(await tokens.verify(token)).toEqual({ userId: USER_ID, tokenVersion: 3 });
  });

  it('accepts a token until its lifetime ends and refuses it after', async () => {
    const clock = createTestClock();
    const tokens = createSessionTokens({ secret: SECRET, ttlHours: TTL_HOURS, clock });
    const token = await tokens.sign({ userId: USER_ID, tokenVersion: 0 });

    clock.advance(TTL_HOURS * 3600_000 - 1000);
    expect(await tokens.verify(token)).toEqual({ userId: USER_ID, tokenVersion: 0 });

    clock.advance(2000);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('keeps accepting the sessions signed before, whose header carries no type', async () => {
    const clock = createTestClock();
    const tokens = createSessionTokens({ secret: SECRET, ttlHours: TTL_HOURS, clock });
    const issuedAt = Math.floor(clock.now().getTime() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${encode({ alg: 'HS256' })}.${encode({ tv: 2, sub: USER_ID, iat: issuedAt, exp: issuedAt + 3600 })}`;
    const signature = createHmac('sha256', SECRET).update(input).digest('base64url');

    expect(await tokens.verify(`${input}.${signature}`)).toEqual({
      userId: USER_ID,
      tokenVersion: 2,
    });
  });

  it('refuses a token signed with another secret', async () => {
    const clock = createTestClock();
    const other = createSessionTokens({
      secret: 'another-secret-that-is-also-long-enough',
      ttlHours: TTL_HOURS,
      clock,
    });
    const tokens = createSessionTokens({ secret: SECRET, ttlHours: TTL_HOURS, clock });

    const token = await other.sign({ userId: USER_ID, tokenVersion: 0 });

    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token whose payload was altered', async () => {
    const tokens = createSessionTokens({
      secret: SECRET,
      ttlHours: TTL_HOURS,
      clock: createTestClock(),
    });
    const [header, , signature] = (await tokens.sign({ userId: USER_ID, tokenVersion: 0 })).split(
      '.',
    );
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'admin', tv: 0 })).toString(
      'base64url',
    );

    expect(await tokens.verify(`${header!}.${forgedPayload}.${signature!}`)).toBeUndefined();
  });

  it('refuses a token it signed whose user id is not a UUID', async () => {
    const tokens = createSessionTokens({
      secret: SECRET,
      ttlHours: TTL_HOURS,
      clock: createTestClock(),
    });
    const token = await tokens.sign({ userId: "1' OR '1'='1", tokenVersion: 0 });
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it.each(['', 'garbage', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1In0.'])(
    'refuses the malformed token %j',
    async (token) => {
      const tokens = createSessionTokens({
        secret: SECRET,
        ttlHours: TTL_HOURS,
        clock: createTestClock(),
      });
      expect(await tokens.verify(token)).toBeUndefined();
    },
  );
});

describe('createMailToken', () => {
  it('gives a token whose hash is the stored hash', () => {
    const { token, tokenHash } = createMailToken();

    expect(hashMailToken(token)).toBe(tokenHash);
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash).not.toContain(token);
  });

  it('gives a URL-safe token long enough for a link', () => {
    const { token } = createMailToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives a different token each time', () => {
    const first = createMailToken();
    const second = createMailToken();

    expect(first.token).not.toBe(second.token);
    expect(first.tokenHash).not.toBe(second.tokenHash);
  });
});
