import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { getToken } from './auth-storage';
import { getLanguage } from './i18n';
import { signOut } from './sign-out';

export const API_BASE = '/api';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A 401 or 403 answer signs the user out (spec), except on the public auth calls (login,
   * registration, password reset), where it only means the credentials or token are wrong.
   */
  signOutOnUnauthorized?: boolean;
};

type ErrorEnvelope = {
  error: { code: string; message: string; reason?: unknown; fields?: Record<string, string> };
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (!isRecord(value) || !isRecord(value.error)) return false;
  const { code, message, fields } = value.error;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (fields === undefined || isRecord(fields))
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (isErrorEnvelope(body)) {
    const { code, message, reason, fields } = body.error;
    return new ApiError({
      status,
      code,
      message,
      fields,
      reason: typeof reason === 'string' ? reason : undefined,
    });
  }
  // No envelope (a proxy's error page, an empty body): there is no server message to show.
  return new ApiError({ status, code: status >= 500 ? 'INTERNAL' : 'UNKNOWN', message: '' });
}

function buildHeaders(body: unknown, extra: Record<string, string> | undefined): Headers {
  const headers = new Headers(extra);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', getLanguage());
  const token = getToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined && !(body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

/**
 * The one fetch wrapper of the app: sends the token and the UI language, parses JSON, turns
 * failures into `ApiError` and signs out on 401/403.
 */
async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}) {
  const { body, headers, signal, signOutOnUnauthorized = true } = options;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: buildHeaders(body, headers),
      body: encodeBody(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      code: NETWORK_ERROR_CODE,
      message: error instanceof Error ? error.message : String(error),
    });
  }

  const data = await readBody(response);
  if (!response.ok) {
    if (signOutOnUnauthorized && (response.status === 401 || response.status === 403)) signOut();
    throw toApiError(response.status, data);
  }
  return data as T;
}

export const apiClient = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T = void>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T = void>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
