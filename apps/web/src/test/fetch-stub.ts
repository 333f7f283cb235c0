import { vi } from 'vitest';

export type StubReply =
  | {
      status?: number;
      /** Sent as JSON. */
      body?: unknown;
      /** Sent as it is, as `text/plain` (an API that answers plain text). */
      text?: string;
      headers?: Record<string, string>;
    }
  | 'network-error';

type StubHandler = StubReply | ((call: StubbedCall) => StubReply);

export type StubbedCall = {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  headers: Headers;
  body: BodyInit | null | undefined;
};

/** The API's error envelope. */
export function errorBody(
  code: string,
  message = code,
  fields?: Record<string, string>,
  reason?: string,
) {
  return { error: { code, message, ...(reason ? { reason } : {}), ...(fields ? { fields } : {}) } };
}

function toResponse(reply: Exclude<StubReply, 'network-error'>): Response {
  const status = reply.status ?? 200;
  if (reply.text !== undefined) {
    return new Response(reply.text, {
      status,
      headers: { 'content-type': 'text/plain; charset=utf-8', ...reply.headers },
    });
  }
  const hasBody = reply.body !== undefined && status !== 204;
  return new Response(hasBody ? JSON.stringify(reply.body) : null, {
    status,
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...reply.headers },
  });
}

/**
 * Replaces `fetch` with canned answers keyed by `"METHOD /path"`; anything else gets the
 * API's 404. The returned spy records the calls; `calls(spy)` reads them back.
 */
export function stubFetch(routes: Record<string, StubHandler> = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const call: StubbedCall = {
      method: init?.method ?? 'GET',
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: new Headers(init?.headers),
      body: init?.body,
    };
    const handler = routes[`${call.method} ${call.path}`];
    const reply =
      handler === undefined
        ? { status: 404, body: errorBody('NOT_FOUND') }
        : typeof handler === 'function'
          ? handler(call)
          : handler;
    if (reply === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(toResponse(reply));
  });
}

/** The calls a stub received, with JSON bodies parsed. */
export function recordedCalls(spy: ReturnType<typeof stubFetch>) {
  return spy.mock.calls.map(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = init?.body;
    const parsed = new URL(url, 'http://localhost');
    return {
      method: init?.method ?? 'GET',
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: new Headers(init?.headers),
      json: typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined,
      body,
    };
  });
}
