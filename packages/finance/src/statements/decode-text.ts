export type DecodedText = { text: string; encoding: string };

function startsWith(data: Uint8Array, bytes: number[]): boolean {
  return bytes.every((byte, index) => data[index] === byte);
}

/**
 * Text from the bytes of a CSV or HTML export: by byte-order mark when there is one, else
 * UTF-8 when the bytes are valid UTF-8, else Windows-1252 (the superset of Latin-1 that
 * Spanish banks' exports use). An HTML `charset` is ignored: exports often declare the wrong one.
 */
export function decodeText(data: Uint8Array): DecodedText {
  if (startsWith(data, [0xef, 0xbb, 0xbf])) {
    return { text: new TextDecoder('utf-8').decode(data.subarray(3)), encoding: 'utf-8' };
  }
  if (startsWith(data, [0xff, 0xfe])) {
    return { text: new TextDecoder('utf-16le').decode(data.subarray(2)), encoding: 'utf-16le' };
  }
  if (startsWith(data, [0xfe, 0xff])) {
    return { text: new TextDecoder('utf-16be').decode(data.subarray(2)), encoding: 'utf-16be' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(data), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(data), encoding: 'windows-1252' };
  }
}

/** True when text holds control characters that never appear in a CSV or HTML export. */
export function isBinaryText(text: string): boolean {
  const sample = text.slice(0, 4096);
  let controls = 0;
  for (let index = 0; index < sample.length; index++) {
    const code = sample.charCodeAt(index);
    if (code === 0) return true;
    if (code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) controls++;
  }
  return controls > sample.length / 100;
}
