import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** One file of a multipart request, read on demand. */
export type UploadedFile = { fieldName: string; fileName: string; read(): Promise<Buffer> };

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
