import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export type SecretBox = {
  seal(plaintext: string): string;
  /** Undefined when the text was not sealed with this key or was altered. */
  open(sealed: string): string | undefined;
};

/**
 * AES-256-GCM with a key derived from the server secret and a purpose, for values the server
 * must show again later (access tokens), unlike passwords.
 */
export function createSecretBox(options: { secret: string; purpose: string }): SecretBox {
  const key = createHash('sha256').update(`${options.purpose}:${options.secret}`).digest();
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
