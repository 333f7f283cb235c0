import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '../db/schema/index.js';
import { priceId } from '../modules/catalogue/seed.js';
import { CHECKING_ACCOUNT } from '../modules/financial-viewer/financial-viewer-fixtures.js';
import type { formUpload } from './fixtures.js';

/** A person's calls over HTTP, to a cluster's balancer or one of its processes. */
export type Answer<T> = { status: number; body: T };
export type CallOptions = {
  token?: string;
  json?: unknown;
  form?: ReturnType<typeof formUpload>;
  /** Another address than the client's (one API process). */
  base?: string;
};
export type Call = <T>(method: string, path: string, options?: CallOptions) => Promise<Answer<T>>;

export const SCALE_PASSWORD = 'Scale-out-1';
const VISA = '4242424242424242';

/** `onAnswer` sees every status (a count of requests and errors). */
export function httpClient(baseUrl: string, onAnswer: (status: number) => void = () => undefined) {
  const call: Call = async (method, path, options = {}) => {
    const headers: Record<string, string> = { 'x-app-id': 'web' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Buffer | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      Object.assign(headers, options.form.headers);
      body = options.form.payload;
    }
    const response = await fetch(`${options.base ?? baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    onAnswer(response.status);
    // nginx answers its own errors (502) in HTML.
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    return { status: response.status, body: (isJson ? JSON.parse(text) : undefined) as never };
  };
  return call;
}

export async function poll<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function expectStatus(answer: Answer<unknown>, status: number, what: string): void {
  if (answer.status !== status) {
    throw new Error(`${what}: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
  }
}

/**
 * Registers and confirms a new user as a person does: the confirmation link is read from the
 * mail a worker delivered to the outbox (the API processes run no jobs).
 */
export async function signUpThrough(
  call: Call,
  sql: pg.Pool,
): Promise<{ email: string; token: string; teamId: string }> {
  const email = `scale-${randomBytes(6).toString('hex')}@acme-industries.com`;
  const register = await call('POST', '/api/register', {
    json: { email, password: SCALE_PASSWORD, firstName: 'Ana', lastName: 'García' },
  });
  expectStatus(register, 201, 'sign-up');
  const db = drizzle(sql, { schema });
  const [mail] = await poll(
    () => db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, email)),
    (rows) => rows.length > 0,
    'the confirmation mail',
  );
  const link = /\/registration_confirm\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  const confirm = await call<{ token: string; user: { teamId: string } }>(
    'POST',
    `/api/register/confirm/${link}`,
  );
  expectStatus(confirm, 200, 'confirmation');
  return { email, token: confirm.body.token, teamId: confirm.body.user.teamId };
}

/** Saves a sandbox card and subscribes the team to the neuron's plan, paid monthly. */
export async function subscribeWithCard(
  call: Call,
  options: { token: string; neuron: string; planCode: string },
): Promise<void> {
  const { token } = options;
  const setup = await call<{ id: string }>('POST', '/api/payments/intent/card', { token });
  const card = await call<{ paymentMethodId: string }>(
    'POST',
    `/api/sandbox/setup_intents/${setup.body.id}/confirm`,
    { token, json: { card: { number: VISA, expMonth: 12, expYear: 2040, cvc: '123' } } },
  );
  expectStatus(card, 200, 'card');
  const subscribe = await call('POST', `/api/microservice/subscribe/${options.neuron}`, {
    token,
    json: {
      priceId: priceId(options.neuron, options.planCode, 'MONTH'),
      planCode: options.planCode,
      paymentId: card.body.paymentMethodId,
    },
  });
  expectStatus(subscribe, 200, 'subscription');
}

/** A FILE connection of the Financial Viewer with one checking account; its account id. */
export async function checkingAccount(call: Call, token: string): Promise<string> {
  const connection = await call<{ conId: string }>('POST', '/api/financialviewer/connection', {
    token,
    json: { conName: 'Santander imports', source: 'FILE', bankCode: 'SANTANDER_ES' },
  });
  expectStatus(connection, 201, 'connection');
  const account = await call<{ account_ids: string[] }>(
    'POST',
    `/api/financialviewer/connection/${connection.body.conId}/account`,
    {
      token,
      json: { accounts: [CHECKING_ACCOUNT] },
    },
  );
  expectStatus(account, 201, 'account');
  const [id] = account.body.account_ids;
  if (!id) throw new Error('no account id');
  return id;
}
