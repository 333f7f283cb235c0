import type { FastifyServerOptions } from 'fastify';
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
const SECRET_URL_PARTS =
  /(\/(?:confirm|reset_password|registration)\/)[^/?]+|((?:signature|token)=)[^&]+/g;

/** Mail-link tokens travel in paths, and signed file addresses in queries. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_URL_PARTS, '$1$2[REDACTED]');
}

export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (request: { method: string; url: string; ip: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}
