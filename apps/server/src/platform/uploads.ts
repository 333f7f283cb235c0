import type { FastifyRequest } from 'fastify';

/** One file of a multipart request, read on demand. */
export type UploadedFile = { fieldName: string; read(): Promise<Buffer> };

/**
 * The request's file, read at most `maxBytes` (the multipart limit stops reading past it):
 * `read()` then rejects with `tooLarge()`.
 */
export async function takeUploadedFile(
  request: FastifyRequest,
  options: { maxBytes: number; tooLarge: () => Error },
): Promise<UploadedFile | undefined> {
  const part = await request.file({ limits: { fileSize: options.maxBytes } });
  if (!part) return undefined;
  return {
    fieldName: part.fieldname,
    read: async () => {
      try {
        return await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw options.tooLarge();
        }
        throw error;
      }
    },
  };
}

/** A multipart form read whole: its text fields and its one file (at most `maxBytes`). */
export type UploadedForm = {
  fields: Record<string, string>;
  file: { fieldName: string; fileName: string; data: Buffer } | undefined;
};

export async function takeUploadedForm(
  request: FastifyRequest,
  options: { maxBytes: number; maxFields: number; tooLarge: () => Error },
): Promise<UploadedForm> {
  const form: UploadedForm = { fields: {}, file: undefined };
  const parts = request.parts({
    limits: {
      fileSize: options.maxBytes,
      files: 1,
      fields: options.maxFields,
      fieldSize: 64 * 1024,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        form.file = { fieldName: part.fieldname, fileName: part.filename, data };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw options.tooLarge();
    throw error;
  }
  return form;
}
