import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.js';
import { createTestClock } from '../../clock.js';
import { AggregatorError, type AggregatorErrorCode, type BankAggregator } from '../aggregator.js';
import { sandboxBankRoutes } from './consent-routes.js';
import { createSandboxAggregator } from './sandbox-aggregator.js';

const REDIRECT_URL =
  'http://localhost:3000/api/financialviewer/widget/op_1234567890abcdefghij/callback';
const UNKNOWN_ID = 'req_000000000000000000000000';
const DAY = 86_400_000;

const clock = createTestClock(new Date('2026-11-25T10:00:00Z'));
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let aggregator: BankAggregator;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.handle.db;
  aggregator = createSandboxAggregator({ db, clock, publicUrl: 'http://localhost:3000/' });
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(sandboxBankRoutes, { prefix: '/api', deps: { db, clock } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

beforeEach(() => {
  clock.set(new Date('2026-11-25T10:00:00Z'));
});

async function expectAggregatorError(promise: Promise<unknown>, code: AggregatorErrorCode) {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AggregatorError);
  expect((error as AggregatorError).code).toBe(code);
}

async function start(bankCode = 'SANTANDER_ES', reference = 'op_1234567890abcdefghij') {
  const { consentId, link } = await aggregator.startConnection({
    bankCode,
    reference,
    redirectUrl: REDIRECT_URL,
  });
  return { consentId, path: new URL(link).pathname };
}

function submit(path: string, fields: [string, string][], headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Goes through the bank's pages: sign in, pick the accounts, accept. */
async function giveConsent(path: string, accounts: string[]) {
  const chosen = accounts.map((kind): [string, string] => ['accounts', kind]);
  const signIn = await submit(path, [
    ['step', 'sign-in'],
    ['userId', 'ana'],
    ['password', 'secret'],
  ]);
  expect(signIn.statusCode, signIn.body).toBe(200);
  const picked = await submit(path, [['step', 'accounts'], ...chosen]);
  expect(picked.statusCode, picked.body).toBe(200);
  return submit(path, [['step', 'consent'], ['action', 'continue'], ...chosen]);
}

describe('the sandbox aggregator', () => {
  it('lists the banks, by country when asked', async () => {
    const all = await aggregator.listBanks({});
    const spanish = await aggregator.listBanks({ countryCode: 'es' });

    expect(all.length).toBeGreaterThanOrEqual(28);
    expect(spanish.length).toBeGreaterThan(10);
    expect(spanish.every((bank) => bank.countryCode === 'ES')).toBe(true);
    expect(Object.keys(all[0]!).sort()).toEqual(['code', 'countryCode', 'logo', 'name']);
  });

  it('links a consent through the bank pages and reads its accounts and transactions', async () => {
    const { consentId, path } = await start();
    expect(path).toBe(`/api/sandbox-bank/consent/${consentId}`);
    expect(consentId).toMatch(/^req_[0-9a-f]{24}$/);

    const signInPage = await app.inject({ method: 'GET', url: path });
    expect(signInPage.statusCode).toBe(200);
    expect(signInPage.headers['content-type']).toContain('text/html');
    expect(signInPage.body).toContain('Banco Santander');
    expect(signInPage.body).toContain('data:image/svg+xml;base64,');
    expect(signInPage.body).toContain('name="password"');
    expect(signInPage.body).not.toMatch(/<script(?![^>]*\bsrc=)/);

    const accountsPage = await submit(path, [
      ['step', 'sign-in'],
      ['userId', 'ana'],
      ['password', 'x'],
    ]);
    expect(accountsPage.body).toContain('value="checking"');
    expect(accountsPage.body).toContain('value="savings"');
    expect(accountsPage.body).toContain('value="card"');

    const consentPage = await submit(path, [
      ['step', 'accounts'],
      ['accounts', 'checking'],
      ['accounts', 'card'],
    ]);
    expect(consentPage.body).toContain(
      'asks to read your account details, balances and transactions for 90 days',
    );
    expect(consentPage.body).toContain('value="continue">Accept');

    const accepted = await giveConsent(path, ['checking', 'card']);
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe(`${REDIRECT_URL}?ref=op_1234567890abcdefghij`);
    expect(await aggregator.completeConnection({ consentId })).toEqual({ status: 'linked' });

    const accounts = await aggregator.listAccounts({ consentId });
    expect(accounts.map((account) => account.subtype)).toEqual(['CHECKING', 'CREDIT']);
    const [checking, card] = accounts;
    expect(checking).toMatchObject({ type: 'ACCOUNT', currency: 'EUR', name: 'Cuenta Negocios' });
    expect(checking!.number).toMatch(/^ES\d{2} 0049 /);
    expect(checking!.availableBalance).toBe(checking!.currentBalance);
    expect(card).toMatchObject({
      type: 'CARD',
      number: expect.stringMatching(/\*{4} \d{4}$/) as unknown,
    });
    expect(card!.currentBalance).toBeLessThanOrEqual(0);
    expect(card!.availableBalance).toBeGreaterThan(card!.currentBalance);

    const transactions = await aggregator.fetchTransactions({
      consentId,
      accountExternalId: checking!.externalId,
      since: '2026-01-01',
    });
    expect(transactions.length).toBeGreaterThan(100);
    expect(transactions[0]!.operationDate >= '2026-01-01').toBe(true);
    expect(transactions.at(-1)!.operationDate <= '2026-11-25').toBe(true);
    expect(transactions.at(-1)!.balance).toBe(checking!.currentBalance);
    expect(transactions.every((item) => Number.isInteger(item.amount))).toBe(true);
  });

  it('brings the same transactions and the new days on a later refresh', async () => {
    const { consentId, path } = await start('BBVA_ES');
    await giveConsent(path, ['checking']);
    const [account] = await aggregator.listAccounts({ consentId });
    const read = () =>
      aggregator.fetchTransactions({
        consentId,
        accountExternalId: account!.externalId,
        since: '2026-10-01',
      });

    const first = await read();
    clock.advance(20 * DAY);
    const second = await read();

    expect(second.slice(0, first.length)).toEqual(first);
    expect(second.length).toBeGreaterThan(first.length);
    expect(second.at(-1)!.operationDate > '2026-11-25').toBe(true);
  });

  it('answers NOT_FOUND for an account outside the consent', async () => {
    const { consentId, path } = await start();
    await giveConsent(path, ['savings']);

    await expectAggregatorError(
      aggregator.fetchTransactions({
        consentId,
        accountExternalId: 'acc_other',
        since: '2026-01-01',
      }),
      'NOT_FOUND',
    );
  });

  it('rejects the consent when the user cancels, and sends the user back with the error', async () => {
    const { consentId, path } = await start();

    const cancelled = await submit(path, [
      ['step', 'sign-in'],
      ['action', 'cancel'],
    ]);

    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(
      `${REDIRECT_URL}?ref=op_1234567890abcdefghij&error=UserCancelledSession`,
    );
    expect(await aggregator.completeConnection({ consentId })).toEqual({ status: 'rejected' });
    await expectAggregatorError(aggregator.listAccounts({ consentId }), 'CONSENT_REJECTED');
    const again = await app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(409);
  });

  it('cancels from the consent page too', async () => {
    const { consentId, path } = await start();

    const cancelled = await submit(path, [
      ['step', 'consent'],
      ['accounts', 'checking'],
      ['action', 'cancel'],
    ]);

    expect(cancelled.headers.location).toContain('error=UserCancelledSession');
    expect(await aggregator.completeConnection({ consentId })).toEqual({ status: 'rejected' });
  });

  it('expires a removed consent', async () => {
    const { consentId, path } = await start();
    await giveConsent(path, ['checking']);
    const [account] = await aggregator.listAccounts({ consentId });

    await aggregator.removeConnection({ consentId });

    await expectAggregatorError(aggregator.listAccounts({ consentId }), 'CONSENT_EXPIRED');
    await expectAggregatorError(
      aggregator.fetchTransactions({
        consentId,
        accountExternalId: account!.externalId,
        since: '2026-01-01',
      }),
      'CONSENT_EXPIRED',
    );
    expect(await aggregator.completeConnection({ consentId })).toEqual({ status: 'rejected' });
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it('expires a consent 90 days after it was given', async () => {
    const { consentId, path } = await start();
    await giveConsent(path, ['checking']);

    clock.advance(91 * DAY);

    await expectAggregatorError(aggregator.listAccounts({ consentId }), 'CONSENT_EXPIRED');
  });

  it('refuses reads before the user answers', async () => {
    const { consentId } = await start();

    expect(await aggregator.completeConnection({ consentId })).toEqual({ status: 'rejected' });
    await expectAggregatorError(aggregator.listAccounts({ consentId }), 'INVALID_REQUEST');
  });

  it('answers AggregatorError for unknown ids and bad input, never a crash', async () => {
    for (const consentId of [UNKNOWN_ID, 'garbage', '', "req_'; drop table x"]) {
      await expectAggregatorError(aggregator.completeConnection({ consentId }), 'NOT_FOUND');
      await expectAggregatorError(aggregator.listAccounts({ consentId }), 'NOT_FOUND');
      await expectAggregatorError(aggregator.removeConnection({ consentId }), 'NOT_FOUND');
    }
    await expectAggregatorError(
      aggregator.startConnection({ bankCode: 'NOPE', reference: 'op', redirectUrl: REDIRECT_URL }),
      'NOT_FOUND',
    );
    await expectAggregatorError(
      aggregator.startConnection({
        bankCode: 'BBVA_ES',
        reference: 'op',
        redirectUrl: 'javascript:alert(1)',
      }),
      'INVALID_REQUEST',
    );
    const { consentId } = await start();
    await expectAggregatorError(
      aggregator.fetchTransactions({ consentId, accountExternalId: 'acc_x', since: '2026-13-01' }),
      'INVALID_REQUEST',
    );
  });
});

describe('the sandbox bank pages', () => {
  it('answers a 404 page for an unknown or malformed requisition', async () => {
    for (const url of [
      `/api/sandbox-bank/consent/${UNKNOWN_ID}`,
      '/api/sandbox-bank/consent/nope',
    ]) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('does not exist or has expired');
    }
    const posted = await submit(`/api/sandbox-bank/consent/${UNKNOWN_ID}`, [['step', 'sign-in']]);
    expect(posted.statusCode).toBe(404);
  });

  it('asks again for empty credentials and for at least one account', async () => {
    const { path } = await start();

    const noCredentials = await submit(path, [
      ['step', 'sign-in'],
      ['userId', ' '],
      ['password', ''],
    ]);
    const noAccount = await submit(path, [['step', 'accounts']]);

    expect(noCredentials.statusCode).toBe(400);
    expect(noCredentials.body).toContain('Enter your user ID and password.');
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.body).toContain('Choose at least one account.');
  });

  it('answers a 400 page for a form it does not understand', async () => {
    const { path } = await start();

    const page = await submit(path, [
      ['step', 'transfer-money'],
      ['accounts', 'brokerage'],
    ]);

    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('speaks Spanish with ?lang=es or a Spanish browser', async () => {
    const { path } = await start();

    const byQuery = await app.inject({ method: 'GET', url: `${path}?lang=es` });
    const byHeader = await app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    const consent = await submit(`${path}?lang=es`, [
      ['step', 'accounts'],
      ['accounts', 'savings'],
    ]);

    expect(byQuery.body).toContain('Accede a tu banca online');
    expect(byQuery.body).toContain('<html lang="es">');
    expect(byHeader.body).toContain('Accede a tu banca online');
    expect(consent.body).toContain('Neuron Platform solicita leer');
  });

  it('serves the widget scripts from our origin', async () => {
    const flowResult = await app.inject({
      method: 'GET',
      url: '/api/bank-widget/assets/flow-result.js',
    });
    const bankSearch = await app.inject({
      method: 'GET',
      url: '/api/bank-widget/assets/bank-search.js',
    });

    expect(flowResult.statusCode).toBe(200);
    expect(flowResult.headers['content-type']).toContain('text/javascript');
    expect(flowResult.body).toContain(
      "window.opener.postMessage('flow completed', window.location.origin)",
    );
    expect(flowResult.body).toContain(
      "window.opener.postMessage('flow cancelled', window.location.origin)",
    );
    expect(bankSearch.statusCode).toBe(200);
    expect(bankSearch.body).toContain("getElementById('bank-search')");
  });
});
