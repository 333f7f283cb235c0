import { readFileSync } from 'node:fs';
import { onTestFinished } from 'vitest';

/** A response recorded from GoCardless, answered to one request of this method and path. */
export type RecordedExchange = {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path and query under the host, e.g. `/api/v2/institutions/?country=ES`. */
  path: string;
  status?: number;
  headers?: Record<string, string>;
  /** The body: a file of `recorded/`, or a value (for a variation of a recorded one). */
  file?: string;
  body?: unknown;
  /** Instead of a response: the request fails like a network error or a timeout. */
  error?: Error;
  /** Answers every matching request rather than only the next one. */
  repeat?: boolean;
};

export type RecordedRequest = {
  url: string;
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
};

/** The JSON of a file in `recorded/`. */
export function recorded(file: string): unknown {
  return JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8'));
}

/**
 * A `fetch` that answers from recorded responses: each request takes the first unused exchange
 * of its method and path. A request nothing was recorded for, or an exchange left unused,
 * fails the test that made it when the test finishes (the aggregator would turn a throw into
 * a BANK_UNAVAILABLE, so the failure cannot be left to the request itself).
 */
export function createRecordedFetch(exchanges: RecordedExchange[]) {
  const remaining = [...exchanges];
  const requests: RecordedRequest[] = [];
  const unexpected: string[] = [];

  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = `${url.pathname}${url.search}`;
    const text = typeof init?.body === 'string' ? init.body : undefined;
    requests.push({
      url: url.toString(),
      method,
      path,
      headers: new Headers(init?.headers),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    });
    const index = remaining.findIndex((item) => item.method === method && item.path === path);
    const exchange = remaining[index];
    if (!exchange) {
      unexpected.push(`${method} ${path}`);
      throw new Error(`Nothing recorded for ${method} ${path}`);
    }
    if (!exchange.repeat) remaining.splice(index, 1);
    if (exchange.error) throw exchange.error;
    const body = exchange.file ? recorded(exchange.file) : exchange.body;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status: exchange.status ?? 200,
      headers: { 'content-type': 'application/json', ...exchange.headers },
    });
  };

  function verify(): void {
    const unused = remaining.filter((item) => !item.repeat);
    if (unexpected.length > 0 || unused.length > 0) {
      throw new Error(
        [
          ...unexpected.map((request) => `unexpected request ${request}`),
          ...unused.map((item) => `recorded ${item.method} ${item.path} was never requested`),
        ].join('\n'),
      );
    }
  }

  onTestFinished(verify);
  return { fetch, requests, verify };
}
