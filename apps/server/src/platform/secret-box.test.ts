import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('createSecretBox', () => {
  const box = createSecretBox({ secret: 'server-secret', purpose: 'tokens' });

  it('opens what it sealed, with a fresh ciphertext each time', () => {
    const first = box.seal('nrn_abc');
    expect(box.open(first)).toBe('nrn_abc');
    expect(box.seal('nrn_abc')).not.toBe(first);
  });

  it('refuses altered text or another key', () => {
    const sealed = box.seal('nrn_abc');
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(box.open(altered)).toBeUndefined();
    expect(createSecretBox({ secret: 'other', purpose: 'tokens' }).open(sealed)).toBeUndefined();
    expect(
      createSecretBox({ secret: 'server-secret', purpose: 'other' }).open(sealed),
    ).toBeUndefined();
    expect(box.open('garbage')).toBeUndefined();
  });
});
