/** The smallest valid PNG: one transparent pixel. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body with one file, as a browser sends it. */
export function fileUpload(
  file: { body: Buffer; filename: string; contentType: string },
  field = 'image',
): { payload: Buffer; headers: Record<string, string> } {
  return formUpload({ file: { ...file, field } });
}

/** A multipart/form-data body with text fields and at most one file, in that order. */
export function formUpload(form: {
  fields?: Record<string, string>;
  file?: { field: string; body: Buffer; filename: string; contentType: string };
}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----neuron-test-boundary';
  const parts: Buffer[] = Object.entries(form.fields ?? {}).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (form.file) {
    const { field, filename, contentType, body } = form.file;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      body,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `url` with the first character of its `signature=` changed (to another one, whatever it was). */
export function withTamperedSignature(url: string): string {
  return url.replace(/signature=(.)/, (_, first: string) =>
    first === 'A' ? 'signature=B' : 'signature=A',
  );
}
