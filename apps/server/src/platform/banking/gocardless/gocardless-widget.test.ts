import type {
  TAccountsResponse,
  TConnection,
  TCreateConnectionResponse,
} from '@app/contracts/financial-viewer';
import { beforeEach, describe, expect, it } from 'vitest';
import { financialViewerTeam } from '../../../modules/financial-viewer/financial-viewer-fixtures.js';
import { bearer, useTestApp } from '../../../test/test-app.js';
import { createGoCardlessAggregator } from './gocardless-aggregator.js';
import { createRecordedFetch, type RecordedExchange } from './recorded-fetch.js';

const API = '/api/v2';
const REQUISITION_ID = '8126e9fb-93dd-4a35-9a5c-2e1f7b4c1a10';
const CURRENT_ID = '7e944232-bda9-40bc-b784-660c7ab5fe78';
const CARD_ID = '99a0bfe2-0bef-46df-bff2-e9ae0c6c5838';
const LINK =
  'https://ob.gocardless.com/ob-psd2/start/3fa85f64-5717-4562-b3fc-2c963f66afa6/BBVA_BBVAESMM';

const test = useTestApp({
  BANK_AGGREGATOR: 'gocardless',
  GOCARDLESS_SECRET_ID: 'f3b1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  GOCARDLESS_SECRET_KEY: 'test-secret-key-never-sent-anywhere',
});

beforeEach(() => {
  test.clock.set(new Date('2026-11-25T10:00:00Z'));
});

/** The app's aggregator, answering from recorded responses instead of the closed network. */
function answerWith(exchanges: RecordedExchange[]) {
  const recording = createRecordedFetch(exchanges);
  test.app.deps.banking = createGoCardlessAggregator({
    secretId: 'f3b1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    secretKey: 'test-secret-key-never-sent-anywhere',
    fetch: recording.fetch,
    clock: test.clock,
  });
  return recording;
}

function requisition(status: string, accounts: string[] = []): RecordedExchange {
  return {
    method: 'GET',
    path: `${API}/requisitions/${REQUISITION_ID}/`,
    file: status === 'LN' ? 'requisition-linked.json' : undefined,
    body:
      status === 'LN'
        ? undefined
        : { id: REQUISITION_ID, status, accounts, link: LINK, reference: 'x' },
  };
}

const START: RecordedExchange[] = [
  { method: 'POST', path: `${API}/token/new/`, file: 'token-new.json' },
  { method: 'GET', path: `${API}/institutions/`, file: 'institutions-es.json' },
  { method: 'GET', path: `${API}/institutions/BBVA_BBVAESMM/`, file: 'institution-bbva.json' },
  { method: 'POST', path: `${API}/agreements/enduser/`, status: 201, file: 'agreement.json' },
  { method: 'POST', path: `${API}/requisitions/`, status: 201, file: 'requisition-created.json' },
];

/** Creates a connection and follows the widget to GoCardless's link. */
async function startAtGoCardless(session: string): Promise<TCreateConnectionResponse> {
  const create = await test.app.inject({
    method: 'POST',
    url: '/api/financialviewer/connection',
    headers: bearer(session),
    payload: { conName: 'BBVA' },
  });
  expect(create.statusCode, create.body).toBe(201);
  const created = create.json<TCreateConnectionResponse>();
  const chooser = await test.app.inject({ method: 'GET', url: created.widgetUrl ?? '' });
  expect(chooser.statusCode).toBe(200);
  expect(chooser.body).toContain(
    'src="https://storage.googleapis.com/gc-prd-institution_icons-production/ES/PNG/bbva.png"',
  );
  expect(chooser.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  const choose = await test.app.inject({
    method: 'GET',
    url: `${created.widgetUrl ?? ''}/bank/BBVA_BBVAESMM`,
  });
  expect(choose.statusCode, choose.body).toBe(303);
  expect(choose.headers.location).toBe(LINK);
  return created;
}

async function connections(session: string): Promise<TConnection[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/financialviewer/connection',
    headers: bearer(session),
  });
  return response.json<TConnection[]>();
}

describe('the bank widget on GoCardless', () => {
  it('sends the user to GoCardless, then a job reads the linked accounts', async () => {
    const { session } = await financialViewerTeam(test);
    const recording = answerWith([
      ...START,
      { ...requisition('LN'), repeat: true },
      {
        method: 'GET',
        path: `${API}/accounts/${CURRENT_ID}/`,
        file: 'account-metadata-current.json',
      },
      {
        method: 'GET',
        path: `${API}/accounts/${CURRENT_ID}/details/`,
        file: 'account-details-current.json',
      },
      {
        method: 'GET',
        path: `${API}/accounts/${CURRENT_ID}/balances/`,
        file: 'balances-current.json',
      },
      { method: 'GET', path: `${API}/accounts/${CARD_ID}/`, file: 'account-metadata-card.json' },
      {
        method: 'GET',
        path: `${API}/accounts/${CARD_ID}/details/`,
        file: 'account-details-card.json',
      },
      { method: 'GET', path: `${API}/accounts/${CARD_ID}/balances/`, file: 'balances-card.json' },
      {
        method: 'GET',
        path: `${API}/accounts/${CURRENT_ID}/transactions/?date_from=2024-11-25`,
        file: 'transactions-current.json',
      },
      {
        method: 'GET',
        path: `${API}/accounts/${CARD_ID}/transactions/?date_from=2024-11-25`,
        body: { transactions: { booked: [], pending: [] } },
      },
    ]);

    const created = await startAtGoCardless(session);
    const callback = await test.app.inject({
      method: 'GET',
      url: `${created.widgetUrl ?? ''}/callback?ref=${created.conOperationId}.0a1b2c3d`,
    });
    expect(callback.body).toContain('data-outcome="completed"');
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(await connections(session)).toEqual([
      expect.objectContaining({
        conStatus: 'UPDATING',
        conEntityCode: 'BBVA_BBVAESMM',
        conEntityName: 'BBVA',
      }),
    ]);

    await test.app.deps.jobs.runDue();

    expect(await connections(session)).toEqual([
      expect.objectContaining({ conStatus: 'OK', conAccountCount: 2 }),
    ]);
    const accounts = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/account',
      headers: bearer(session),
    });
    const numbers = accounts.json<TAccountsResponse>().accounts.map((item) => item.accountNumber);
    expect(numbers.sort()).toEqual(['4921 81** **** 1234', 'ES91 2100 0418 4502 0005 1332']);
    expect(recording.requests.some((request) => request.path.includes('/requisitions/'))).toBe(
      true,
    );
  });

  it('drops the attempt when the user comes back with an error', async () => {
    const { session } = await financialViewerTeam(test);
    answerWith([...START, requisition('UA')]);

    const created = await startAtGoCardless(session);
    const callback = await test.app.inject({
      method: 'GET',
      url: `${created.widgetUrl ?? ''}/callback?ref=x&error=UserCancelledSession&details=User+cancelled+the+session.`,
    });

    expect(callback.body).toContain('data-outcome="cancelled"');
    expect(await connections(session)).toEqual([]);
  });

  it('keeps the attempt when the user is back before the consent is linked', async () => {
    const { session } = await financialViewerTeam(test);
    answerWith([...START, requisition('GA'), requisition('LN')]);

    const created = await startAtGoCardless(session);
    const early = await test.app.inject({
      method: 'GET',
      url: `${created.widgetUrl ?? ''}/callback`,
    });
    const again = await test.app.inject({
      method: 'GET',
      url: `${created.widgetUrl ?? ''}/callback`,
    });

    expect(early.body).toContain('data-outcome="failed"');
    expect(again.body).toContain('data-outcome="completed"');
  });

  it('allows the logo hosts, keeps the popup opener, and has no sandbox bank pages', async () => {
    const script = await test.app.inject({
      method: 'GET',
      url: '/api/bank-widget/assets/flow-result.js',
    });
    const sandboxPage = await test.app.inject({
      method: 'GET',
      url: '/api/sandbox-bank/consent/req_000000000000000000000000',
    });

    expect(script.statusCode).toBe(200);
    expect(script.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://cdn.nordigen.com/ https://cdn-logos.gocardless.com/",
    );
    expect(script.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(sandboxPage.statusCode).toBe(404);
    expect(sandboxPage.headers['content-type']).toContain('application/json');
  });
});
