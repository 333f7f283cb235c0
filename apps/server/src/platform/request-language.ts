import { pickLanguage, type Language } from '@app/contracts';
import type { FastifyRequest } from 'fastify';

/** The UI language the web app sends as `Accept-Language`; English when it sends none. */
export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}
