import { pipeline, Transform, type Readable } from 'node:stream';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Storage } from './storage.js';

/** One file of a multipart request, read on demand: whole, or as a stream (one of the two). */
export type UploadedFile = {
  fieldName: string;
  fileName: string;
  read(): Promise<Buffer>;
  stream(): Readable;
};

/**
 * The request's file, read at most `maxBytes` (the multipart limit stops reading past it):
 * `read()` then rejects with `tooLarge()`, and `stream()` errors with it at its end.
 */
export async function takeUploadedFile(
  request: FastifyRequest,
  options: { maxBytes: number; tooLarge: () => Error },
): Promise<UploadedFile | undefined> {
  const part = await request.file({ limits: { fileSize: options.maxBytes } });
  if (!part) return undefined;
  return {
    fieldName: part.fieldname,
    fileName: part.filename,
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
    stream: () => limitedStream(part.file, options.tooLarge),
  };
}

/** A multipart file's stream that errors with `tooLarge()` at its end when the limit cut it. */
function limitedStream(file: Readable & { truncated: boolean }, tooLarge: () => Error): Readable {
  // The multipart parser cuts a file at the limit and ends it: the cut shows at the end.
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk);
    },
    flush(done) {
      done(file.truncated ? tooLarge() : null);
    },
  });
  return pipeline(file, checked, () => undefined);
}

/**
 * Stores a stream under `key` as its bytes arrive (never whole in memory), at most `maxBytes`
 * of them. Past the limit it rejects with `tooLarge()` and drops the rest of the stream unread
 * (the sender still gets the answer); on that or any other failure (a sender that aborts)
 * whatever was stored is removed. Answers the bytes stored.
 */
export async function putStreamWithin(
  storage: Pick<Storage, 'putStream' | 'delete'>,
  options: {
    key: string;
    body: Readable;
    contentType: string;
    maxBytes: number;
    tooLarge: () => Error;
  },
): Promise<number> {
  const { body } = options;
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      done(bytes > options.maxBytes ? options.tooLarge() : null, chunk);
    },
  });
  // The stream may fail before storage reads it: the first failure is the one to answer.
  let failure: Error | undefined;
  counted.on('error', (error) => {
    failure ??= error;
  });
  const onError = (error: Error) => counted.destroy(error);
  const onClose = () => {
    if (!body.readableEnded) counted.destroy(new Error('the upload was aborted'));
  };
  body.once('error', onError).once('close', onClose).pipe(counted);
  try {
    await storage.putStream(options.key, counted, options.contentType);
    if (failure) throw failure;
  } catch (error) {
    body.unpipe(counted);
    body.resume();
    await storage.delete(options.key);
    throw failure ?? error;
  } finally {
    body.off('error', onError).off('close', onClose);
  }
  return bytes;
}

/**
 * A multipart form whose one file (at most `maxBytes`) is handed to `store` as a stream while
 * the request is read, so it is never whole in memory, with its text fields. What `store`
 * answers is handed to `discard` when the form then fails (too many fields, an aborted
 * request).
 */
export async function takeStreamedForm<T>(
  request: FastifyRequest,
  options: {
    maxBytes: number;
    maxFields: number;
    tooLarge: () => Error;
    store: (file: Omit<UploadedFile, 'read'>) => Promise<T>;
    discard: (stored: T) => Promise<void>;
  },
): Promise<{ fields: Record<string, string>; file: T | undefined }> {
  const form: { fields: Record<string, string>; file: T | undefined } = {
    fields: {},
    file: undefined,
  };
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
        form.file = await options.store({
          fieldName: part.fieldname,
          fileName: part.filename,
          stream: () => limitedStream(part.file, options.tooLarge),
        });
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (form.file !== undefined) await options.discard(form.file);
    throw error;
  }
  return form;
}

type JsonObjectSchema = { properties?: Record<string, unknown>; required?: string[] };

/**
 * Route config that describes a multipart form in the OpenAPI document: its file field and
 * its text fields. The route reads the body itself, so it has no body schema to validate with;
 * without this the document would say the route takes no body at all.
 */
export function documentedMultipart(options: { file: string; fields?: z.ZodObject }): {
  swaggerTransform: SwaggerTransform;
} {
  const fields: JsonObjectSchema = options.fields
    ? z.toJSONSchema(options.fields, { io: 'input' })
    : {};
  const body = {
    type: 'object',
    properties: { ...fields.properties, [options.file]: { type: 'string', format: 'binary' } },
    required: [...(fields.required ?? []), options.file],
  };
  return {
    swaggerTransform: (input) => {
      const output = jsonSchemaTransform(input);
      return { ...output, schema: { ...output.schema, body } };
    },
  };
}
