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
