import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type RecordedRequest = {
  method: string;
  path: string;
  /** The form-encoded body Stripe's client sends, decoded. */
  body: URLSearchParams;
  idempotencyKey: string | undefined;
};

export type RecordedStripeServer = {
  /** A Stripe client that talks to this server. */
  stripe: Stripe;
  /** Answers `METHOD /v1/path` with a fixture from ./fixtures (without `.json`). */
  answer(route: string, status: number, fixture: string): void;
  requests: RecordedRequest[];
  close(): Promise<void>;
};

export function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}

/**
 * A local stand-in for api.stripe.com answering recorded responses, so the Stripe gateway is
 * tested through the real client (encoding, errors, retries off) without network.
 */
export async function startRecordedStripeServer(): Promise<RecordedStripeServer> {
  const answers = new Map<string, { status: number; fixture: string }>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const method = request.method ?? 'GET';
      const idempotencyKey = request.headers['idempotency-key'];
      requests.push({
        method,
        path: url.pathname,
        body: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      });
      const answer = answers.get(`${method} ${url.pathname}`);
      response.writeHead(answer?.status ?? 404, {
        'content-type': 'application/json',
        'request-id': 'req_recorded',
      });
      response.end(
        JSON.stringify(
          answer
            ? readFixture(answer.fixture)
            : { error: { type: 'invalid_request_error', message: 'No recorded answer.' } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    stripe: new Stripe('sk_test_recorded', {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    }),
    answer: (route, status, fixture) => answers.set(route, { status, fixture }),
    requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
