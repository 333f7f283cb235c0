import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { Config } from '../config.js';

/** Passwords, tokens and the Authorization header never reach the logs. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers.authorization',
  '*.password',
  '*.oldPassword',
  '*.token',
];
/**
 * Mail-link tokens travel in paths (`/confirm/…`, `/registration_confirm/…`,
 * `/invitation_confirm/…`, `/email_confirm/…`, `/reset_password/…`, `/registration/…`, on the
 * API and on the web app's pages alike), neuron tokens and file signatures in queries.
 */
const SECRET_URL_PARTS =
  /(\/(?:[a-z_]*confirm|reset_password|registration)\/)[^/?#]+|((?:signature|token)=)[^&#]+/g;

export function redactUrl(url: string): string {
  return url.replace(SECRET_URL_PARTS, '$1$2[REDACTED]');
}

/** What a database error may carry of the values it was given: never logged. */
const QUERY_VALUE_FIELDS = ['params', 'parameters', 'detail', 'where', 'internalQuery'];

/** Drizzle's "params: …" line, up to the stack's first frame or the end. */
const QUERY_VALUES_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;

type SerializedError = { type: string; message: string; stack: string; [field: string]: unknown };

/**
 * Errors as pino writes them, less the values of a failed query (a password hash, an email):
 * drizzle puts them in `params` and in its message, PostgreSQL in `detail` ("Key (email)=…").
 * The query's text stays, to tell which one failed.
 */
export function serializeError(error: Error): SerializedError {
  const { type, message, stack, ...fields } = stdSerializers.err(error);
  const kept = Object.entries(fields).filter(
    ([field]) => field !== 'cause' && !QUERY_VALUE_FIELDS.includes(field),
  );
  return {
    type,
    message: message.replace(QUERY_VALUES_LINE, ''),
    stack: stack.replace(QUERY_VALUES_LINE, ''),
    ...Object.fromEntries(kept),
    ...(error.cause instanceof Error ? { cause: serializeError(error.cause) } : {}),
  };
}

export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      err: serializeError,
      req: (request: { method: string; url: string; ip: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}
