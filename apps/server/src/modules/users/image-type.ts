export type ImageType = { extension: 'jpg' | 'gif' | 'png'; mimeType: string };

const SIGNATURES: { bytes: number[]; type: ImageType }[] = [
  { bytes: [0xff, 0xd8, 0xff], type: { extension: 'jpg', mimeType: 'image/jpeg' } },
  {
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    type: { extension: 'png', mimeType: 'image/png' },
  },
  {
    bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    type: { extension: 'gif', mimeType: 'image/gif' },
  },
  {
    bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
    type: { extension: 'gif', mimeType: 'image/gif' },
  },
];

/** The image type told by the file's first bytes (not its name), or undefined. */
export function detectImageType(body: Buffer): ImageType | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => body[index] === byte))?.type;
}
