import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type.js';

/** The given magic bytes followed by some arbitrary content. */
function fileStartingWith(bytes: number[]): Buffer {
  return Buffer.concat([Buffer.from(bytes), Buffer.from('rest of the file')]);
}

describe('detectImageType', () => {
  it('detects a PNG', () => {
    const body = fileStartingWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(detectImageType(body)).toEqual({ extension: 'png', mimeType: 'image/png' });
  });

  it('detects a JPEG', () => {
    const body = fileStartingWith([0xff, 0xd8, 0xff, 0xe0]);
    expect(detectImageType(body)).toEqual({ extension: 'jpg', mimeType: 'image/jpeg' });
  });

  it.each(['GIF87a', 'GIF89a'])('detects a %s GIF', (signature) => {
    const body = Buffer.concat([Buffer.from(signature, 'ascii'), Buffer.from([0x01, 0x00])]);
    expect(detectImageType(body)).toEqual({ extension: 'gif', mimeType: 'image/gif' });
  });

  it('refuses a text file renamed to .png', () => {
    expect(detectImageType(Buffer.from('just some text, saved as photo.png'))).toBeUndefined();
  });

  it('refuses a GIF header of an unknown version', () => {
    expect(detectImageType(Buffer.from('GIF88a....', 'ascii'))).toBeUndefined();
  });

  it('refuses a file cut short inside the PNG signature', () => {
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
  });

  it('refuses an empty file', () => {
    expect(detectImageType(Buffer.alloc(0))).toBeUndefined();
  });
});
