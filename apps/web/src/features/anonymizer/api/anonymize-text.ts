import type { LEGAL_MIND_MODES } from '@app/contracts/legal-mind';
import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_CODE } from '../../../lib/api-error';
import { getLanguage } from '../../../lib/i18n';

/** TEXT keeps the layout of plain text; HTML changes only the text nodes of an HTML document. */
export type AnonymizeMode = (typeof LEGAL_MIND_MODES)[number];

export type AnonymizeTextOptions = {
  mode: AnonymizeMode;
  /** The LegalMind access token of a subscription, not the session's token. */
  token: string;
  text: string;
};

function readErrorEnvelope(body: string): { code: string; message: string } | null {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return null;
    const { error } = parsed;
    if (typeof error !== 'object' || error === null) return null;
    const code = 'code' in error && typeof error.code === 'string' ? error.code : 'UNKNOWN';
    const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
    return { code, message };
  } catch {
    return null;
  }
}

/**
 * `POST /v1/{text|html}/english?token=…`: the LegalMind API, which answers the anonymised text
 * as plain text. It is called with `fetch` rather than `apiClient` on purpose: it lives outside
 * `/api`, authenticates with the token in the query string (the session's bearer token must not
 * travel to it), and its 401 means a wrong access token, which must not sign the user out.
 */
export async function anonymizeText({ mode, token, text }: AnonymizeTextOptions): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/v1/${mode}/english?${new URLSearchParams({ token }).toString()}`, {
      method: 'POST',
      headers: {
        Accept: 'text/plain, application/json',
        'Accept-Language': getLanguage(),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ text }),
    });
  } catch (error) {
    throw new ApiError({
      status: 0,
      code: NETWORK_ERROR_CODE,
      message: error instanceof Error ? error.message : String(error),
    });
  }
  const body = await response.text();
  if (response.ok) return body;
  const envelope = readErrorEnvelope(body);
  throw new ApiError({
    status: response.status,
    code: envelope?.code ?? (response.status >= 500 ? 'INTERNAL' : 'UNKNOWN'),
    message: envelope?.message ?? '',
  });
}

export function useAnonymizeText() {
  return useMutation({ mutationFn: anonymizeText });
}
