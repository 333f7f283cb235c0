import { VALIDATION } from '@app/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Text no database column or mail can hold: a NUL character or half of a surrogate pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** The path of the first unsafe string in a parsed request part (keys included), if any. */
function findUnsafeText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | undefined {
  if (typeof value === 'string') return isUnsafeText(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnsafeText(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (isUnsafeText(key)) return [...path, key];
      const found = findUnsafeText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The zod validator of every route, which also refuses strings with a NUL character or a
 * lone surrogate in the body, query, path or headers it validates: 400 with the field named,
 * as any other invalid field, instead of a database or mail error later.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const result = validate(data);
    if (typeof result !== 'object' || 'then' in result || result.error) return result;
    const path = findUnsafeText(result.value);
    if (!path) return result;
    const refusal = z.unknown().superRefine((_value, context) => {
      context.addIssue({ code: 'custom', path, message: VALIDATION.invalid });
    });
    return zodValidatorCompiler({ ...route, schema: refusal })(data);
  };
};
