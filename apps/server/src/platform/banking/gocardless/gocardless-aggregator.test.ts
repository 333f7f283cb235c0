import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestClock } from '../../clock.js';
import { contentSecurityDirectives } from '../../content-security-policy.js';
import { AggregatorError, type AggregatorErrorCode } from '../aggregator.js';
import {
  GoCardlessConfigurationError,
  createGoCardlessAggregator,
  type GoCardlessAggregatorOptions,
} from './gocardless-aggregator.js';
import { describeTransaction, toCents } from './gocardless-mapping.js';
import { createRecordedFetch, recorded, type RecordedExchange } from './recorded-fetch.js';

const SECRET_ID = 'f3b1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const SECRET_KEY = '9d8c7b6a5f4e3d2c1b0a9d8c7b6a5f4e3d2c1b0a9d8c7b6a5f4e3d2c1b0a9d8c7b6a5f4e3d2c1b';
const ACCESS_ONE = (recorded('token-new.json') as { access: string }).access;
const REFRESH_ONE = (recorded('token-new.json') as { refresh: string }).refresh;
const ACCESS_TWO = (recorded('token-refresh.json') as { access: string }).access;
const REQUISITION_ID = '8126e9fb-93dd-4a35-9a5c-2e1f7b4c1a10';
const AGREEMENT_ID = '2dea1b84-97b0-4cb4-8805-302c227587c8';
const CURRENT_ID = '7e944232-bda9-40bc-b784-660c7ab5fe78';
const CARD_ID = '99a0bfe2-0bef-46df-bff2-e9ae0c6c5838';
const REFERENCE = 'op_1234567890abcdefghij';
const REDIRECT_URL = `https://app.example.org/api/financialviewer/widget/${REFERENCE}/callback`;
const API = '/api/v2';
const SECOND = 1000;
const DAY = 86_400 * SECOND;

const TOKEN: RecordedExchange = {
  method: 'POST',
  path: `${API}/token/new/`,
  file: 'token-new.json',
};
const REFRESH: RecordedExchange = {
  method: 'POST',
  path: `${API}/token/refresh/`,
  file: 'token-refresh.json',
};
const LINKED: RecordedExchange = {
  method: 'GET',
  path: `${API}/requisitions/${REQUISITION_ID}/`,
  file: 'requisition-linked.json',
};

const clock = createTestClock(new Date('2026-11-25T10:00:00Z'));

beforeEach(() => {
  clock.set(new Date('2026-11-25T10:00:00Z'));
});

function build(exchanges: RecordedExchange[], options: Partial<GoCardlessAggregatorOptions> = {}) {
  const recording = createRecordedFetch(exchanges);
  const aggregator = createGoCardlessAggregator({
    secretId: SECRET_ID,
    secretKey: SECRET_KEY,
    fetch: recording.fetch,
    clock,
    ...options,
  });
  return { aggregator, requests: recording.requests };
}

function requisition(status: string, accounts: string[] = []): RecordedExchange {
  return {
    method: 'GET',
    path: `${API}/requisitions/${REQUISITION_ID}/`,
    body: { ...(recorded('requisition-created.json') as object), status, accounts },
  };
}

async function errorOf(promise: Promise<unknown>): Promise<AggregatorError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AggregatorError);
  return error as AggregatorError;
}

/** Every error message checked here: none may carry a secret or a token. */
const messages: string[] = [];

async function expectAggregatorError(
  promise: Promise<unknown>,
  code: AggregatorErrorCode,
): Promise<AggregatorError> {
  const error = await errorOf(promise);
  messages.push(error.message);
  expect(error.code, error.message).toBe(code);
  return error;
}

describe('GoCardless access tokens', () => {
  it('gets a token with the secrets and reuses it while it is valid', async () => {
    const { aggregator, requests } = build([
      TOKEN,
      { method: 'GET', path: `${API}/institutions/?country=ES`, file: 'institutions-es.json' },
      { method: 'GET', path: `${API}/institutions/?country=LT`, body: [] },
    ]);

    await aggregator.listBanks({ countryCode: 'ES' });
    clock.advance(23 * 60 * 60 * SECOND);
    await aggregator.listBanks({ countryCode: 'LT' });

    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/v2/token/new/',
      'GET /api/v2/institutions/?country=ES',
      'GET /api/v2/institutions/?country=LT',
    ]);
    expect(requests[0]!.url).toBe('https://bankaccountdata.gocardless.com/api/v2/token/new/');
    expect(requests[0]!.body).toEqual({ secret_id: SECRET_ID, secret_key: SECRET_KEY });
    expect(requests[0]!.headers.get('authorization')).toBeNull();
    expect(requests[1]!.headers.get('authorization')).toBe(`Bearer ${ACCESS_ONE}`);
    expect(requests[2]!.headers.get('authorization')).toBe(`Bearer ${ACCESS_ONE}`);
  });

  it('refreshes the access token shortly before it expires', async () => {
    const { aggregator, requests } = build([
      TOKEN,
      REFRESH,
      { method: 'GET', path: `${API}/institutions/?country=ES`, file: 'institutions-es.json' },
      { method: 'GET', path: `${API}/institutions/?country=LT`, body: [] },
    ]);

    await aggregator.listBanks({ countryCode: 'ES' });
    clock.advance(DAY - 30 * SECOND);
    await aggregator.listBanks({ countryCode: 'LT' });

    expect(requests[2]).toMatchObject({
      method: 'POST',
      path: '/api/v2/token/refresh/',
      body: { refresh: REFRESH_ONE },
    });
    expect(requests[3]!.headers.get('authorization')).toBe(`Bearer ${ACCESS_TWO}`);
  });

  it('asks for a new pair once the refresh token has expired too', async () => {
    const { aggregator, requests } = build([
      TOKEN,
      {
        ...TOKEN,
        file: undefined,
        body: { ...(recorded('token-new.json') as object), access: 'access-three' },
      },
      { method: 'GET', path: `${API}/institutions/?country=ES`, file: 'institutions-es.json' },
      { method: 'GET', path: `${API}/institutions/?country=LT`, body: [] },
    ]);

    await aggregator.listBanks({ countryCode: 'ES' });
    clock.advance(31 * DAY);
    await aggregator.listBanks({ countryCode: 'LT' });

    expect(requests.map((request) => request.path)).toEqual([
      '/api/v2/token/new/',
      '/api/v2/institutions/?country=ES',
      '/api/v2/token/new/',
      '/api/v2/institutions/?country=LT',
    ]);
    expect(requests[3]!.headers.get('authorization')).toBe('Bearer access-three');
  });

  it('shares one token request between concurrent callers', async () => {
    const { aggregator, requests } = build([
      TOKEN,
      { method: 'GET', path: `${API}/institutions/?country=ES`, file: 'institutions-es.json' },
      { method: 'GET', path: `${API}/institutions/?country=FR`, body: [] },
      { method: 'GET', path: `${API}/institutions/?country=DE`, body: [] },
    ]);

    await Promise.all(
      ['ES', 'FR', 'DE'].map((countryCode) => aggregator.listBanks({ countryCode })),
    );

    expect(requests.filter((request) => request.path.includes('/token/')).length).toBe(1);
  });

  it('renews a token the API no longer takes and makes the call again', async () => {
    const { aggregator, requests } = build([
      TOKEN,
      {
        method: 'GET',
        path: `${API}/institutions/?country=ES`,
        status: 401,
        file: 'error-401-invalid-token.json',
      },
      REFRESH,
      { method: 'GET', path: `${API}/institutions/?country=ES`, file: 'institutions-es.json' },
    ]);

    const banks = await aggregator.listBanks({ countryCode: 'ES' });

    expect(banks).toHaveLength(4);
    expect(requests[3]!.headers.get('authorization')).toBe(`Bearer ${ACCESS_TWO}`);
  });

  it('asks for a new pair when the refresh token is refused', async () => {
    const { aggregator, requests } = build([
      TOKEN,
      { ...REFRESH, status: 401, file: 'error-401-invalid-token.json' },
      {
        ...TOKEN,
        file: undefined,
        body: { ...(recorded('token-new.json') as object), access: 'access-three' },
      },
      { method: 'GET', path: `${API}/institutions/?country=ES`, file: 'institutions-es.json' },
      { method: 'GET', path: `${API}/institutions/?country=LT`, body: [] },
    ]);

    await aggregator.listBanks({ countryCode: 'ES' });
    clock.advance(DAY);
    await aggregator.listBanks({ countryCode: 'LT' });

    expect(requests.at(-1)!.headers.get('authorization')).toBe('Bearer access-three');
  });

  it('reports refused secrets as a configuration error that never shows them', async () => {
    const log = { error: vi.fn() };
    const { aggregator } = build([{ ...TOKEN, status: 401, file: 'error-401-credentials.json' }], {
      log,
    });

    const error = await expectAggregatorError(
      aggregator.listBanks({ countryCode: 'ES' }),
      'BANK_UNAVAILABLE',
    );

    expect(error).toBeInstanceOf(GoCardlessConfigurationError);
    expect(error.message).toContain('GOCARDLESS_SECRET_KEY');
    expect(log.error).toHaveBeenCalledTimes(1);
    const logged = String(log.error.mock.calls[0]?.[0]);
    expect(logged).not.toContain(SECRET_KEY);
    expect(logged).not.toContain(SECRET_ID);
  });
});

describe('GoCardless banks', () => {
  it('maps the institutions of a country, sorted by name, and keeps them for an hour', async () => {
    const { aggregator, requests } = build([
      TOKEN,
      { method: 'GET', path: `${API}/institutions/?country=ES`, file: 'institutions-es.json' },
    ]);

    const banks = await aggregator.listBanks({ countryCode: 'es' });
    clock.advance(59 * 60 * SECOND);
    const again = await aggregator.listBanks({ countryCode: 'ES' });

    expect(banks).toEqual([
      {
        code: 'ABANCA_CAGLESMM',
        name: 'Abanca',
        countryCode: 'ES',
        logo: 'https://cdn.nordigen.com/ais/ABANCA_CAGLESMM.png',
      },
      {
        code: 'BBVA_BBVAESMM',
        name: 'BBVA',
        countryCode: 'ES',
        logo: 'https://storage.googleapis.com/gc-prd-institution_icons-production/ES/PNG/bbva.png',
      },
      {
        code: 'CAIXABANK_CAIXESBB',
        name: 'CaixaBank',
        countryCode: 'ES',
        logo: 'https://cdn-logos.gocardless.com/ais/CAIXABANK_CAIXESBB.png',
      },
      {
        code: 'REVOLUT_REVOLT21',
        name: 'Revolut',
        countryCode: 'ES',
        logo: 'https://cdn-logos.gocardless.com/ais/REVOLUT_REVOLT21.png',
      },
    ]);
    expect(again).toEqual(banks);
    expect(requests).toHaveLength(2);
  });

  it('lists every country without a country, and reads the list again after an hour', async () => {
    const { aggregator, requests } = build([
      TOKEN,
      { method: 'GET', path: `${API}/institutions/`, file: 'institutions-es.json' },
      { method: 'GET', path: `${API}/institutions/`, body: [] },
    ]);

    const all = await aggregator.listBanks({});
    clock.advance(61 * 60 * SECOND);
    const later = await aggregator.listBanks({});

    expect(all.find((bank) => bank.code === 'REVOLUT_REVOLT21')?.countryCode).toBe('GB');
    expect(later).toEqual([]);
    expect(requests).toHaveLength(3);
  });

  it('draws a logo for an institution whose logo is not on a GoCardless https host', async () => {
    const [bbva] = recorded('institutions-es.json') as object[];
    const { aggregator } = build([
      TOKEN,
      {
        method: 'GET',
        path: `${API}/institutions/?country=ES`,
        body: [{ ...bbva, logo: 'http://cdn.nordigen.com/ais/BBVA_BBVAESMM.png' }],
      },
    ]);

    const [bank] = await aggregator.listBanks({ countryCode: 'ES' });

    expect(bank!.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(bank!.logo.split(',')[1]!, 'base64').toString()).toContain('>B</text>');
  });

  it('answers no bank for a country code that is not one, without asking', async () => {
    const { aggregator, requests } = build([]);

    expect(await aggregator.listBanks({ countryCode: 'ESP' })).toEqual([]);
    expect(requests).toHaveLength(0);
  });
});

describe('GoCardless consent', () => {
  it('creates an agreement for the bank history and 90 days, then the requisition', async () => {
    const { aggregator, requests } = build([
      TOKEN,
      {
        method: 'GET',
        path: `${API}/institutions/BBVA_BBVAESMM/`,
        file: 'institution-bbva.json',
      },
      { method: 'POST', path: `${API}/agreements/enduser/`, status: 201, file: 'agreement.json' },
      {
        method: 'POST',
        path: `${API}/requisitions/`,
        status: 201,
        file: 'requisition-created.json',
      },
    ]);

    const consent = await aggregator.startConnection({
      bankCode: 'BBVA_BBVAESMM',
      reference: REFERENCE,
      redirectUrl: REDIRECT_URL,
    });

    expect(consent).toEqual({
      consentId: REQUISITION_ID,
      link: 'https://ob.gocardless.com/ob-psd2/start/3fa85f64-5717-4562-b3fc-2c963f66afa6/BBVA_BBVAESMM',
    });
    expect(requests[2]!.body).toEqual({
      institution_id: 'BBVA_BBVAESMM',
      max_historical_days: 730,
      access_valid_for_days: 90,
      access_scope: ['balances', 'details', 'transactions'],
    });
    expect(requests[3]!.body).toEqual({
      redirect: REDIRECT_URL,
      institution_id: 'BBVA_BBVAESMM',
      reference: expect.stringMatching(/^op_1234567890abcdefghij\.[0-9a-f]{8}$/) as unknown,
      agreement: AGREEMENT_ID,
      user_language: 'ES',
    });
    expect(requests[3]!.headers.get('content-type')).toBe('application/json');
  });

  it("asks for the bank's own history, at most 730 days, and no longer access than it allows", async () => {
    const abanca = recorded('institution-abanca.json') as object;
    const exchanges = (institution: object): RecordedExchange[] => [
      { method: 'GET', path: `${API}/institutions/ABANCA_CAGLESMM/`, body: institution },
      { method: 'POST', path: `${API}/agreements/enduser/`, status: 201, file: 'agreement.json' },
      {
        method: 'POST',
        path: `${API}/requisitions/`,
        status: 201,
        file: 'requisition-created.json',
      },
    ];
    const { aggregator, requests } = build([
      TOKEN,
      ...exchanges(abanca),
      ...exchanges({
        ...abanca,
        transaction_total_days: '1095',
        max_access_valid_for_days: '60',
      }),
    ]);
    const start = () =>
      aggregator.startConnection({
        bankCode: 'ABANCA_CAGLESMM',
        reference: REFERENCE,
        redirectUrl: REDIRECT_URL,
      });

    await start();
    await start();

    const agreements = requests.filter((request) => request.path.endsWith('/agreements/enduser/'));
    expect(agreements.map((request) => request.body)).toMatchObject([
      { max_historical_days: 540, access_valid_for_days: 90 },
      { max_historical_days: 730, access_valid_for_days: 60 },
    ]);
    const references = requests
      .filter((request) => request.path.endsWith('/requisitions/'))
      .map((request) => (request.body as { reference: string }).reference);
    expect(references[0]).not.toBe(references[1]);
  });

  it('refuses a bad bank code, reference or redirect before asking GoCardless', async () => {
    const { aggregator, requests } = build([]);

    await expectAggregatorError(
      aggregator.startConnection({
        bankCode: '../token/new',
        reference: REFERENCE,
        redirectUrl: REDIRECT_URL,
      }),
      'NOT_FOUND',
    );
    await expectAggregatorError(
      aggregator.startConnection({
        bankCode: 'BBVA_BBVAESMM',
        reference: '',
        redirectUrl: REDIRECT_URL,
      }),
      'INVALID_REQUEST',
    );
    await expectAggregatorError(
      aggregator.startConnection({
        bankCode: 'BBVA_BBVAESMM',
        reference: REFERENCE,
        redirectUrl: 'javascript:alert(1)',
      }),
      'INVALID_REQUEST',
    );
    expect(requests).toHaveLength(0);
  });

  it('answers NOT_FOUND for an unknown bank and INVALID_REQUEST for a refused field', async () => {
    const { aggregator } = build([
      TOKEN,
      {
        method: 'GET',
        path: `${API}/institutions/NOPE_NOPEESMM/`,
        status: 404,
        file: 'error-404.json',
      },
      { method: 'GET', path: `${API}/institutions/BBVA_BBVAESMM/`, file: 'institution-bbva.json' },
      {
        method: 'POST',
        path: `${API}/agreements/enduser/`,
        status: 400,
        file: 'error-400-field.json',
      },
    ]);
    const start = (bankCode: string) =>
      aggregator.startConnection({ bankCode, reference: REFERENCE, redirectUrl: REDIRECT_URL });

    await expectAggregatorError(start('NOPE_NOPEESMM'), 'NOT_FOUND');
    const refused = await expectAggregatorError(start('BBVA_BBVAESMM'), 'INVALID_REQUEST');
    expect(refused.message).toContain('institution_id: Unknown Institution ID NOPE_NOPEESMM');
  });

  it('is linked once the requisition is LN', async () => {
    const { aggregator } = build([TOKEN, LINKED]);

    expect(await aggregator.completeConnection({ consentId: REQUISITION_ID })).toEqual({
      status: 'linked',
    });
  });

  it.each(['RJ', 'EX'])('is rejected when the requisition is %s', async (status) => {
    const { aggregator } = build([TOKEN, requisition(status)]);

    expect(await aggregator.completeConnection({ consentId: REQUISITION_ID })).toEqual({
      status: 'rejected',
    });
  });

  it.each(['CR', 'GC', 'UA', 'SA', 'GA'])(
    'is rejected when the user came back from %s with an error',
    async (status) => {
      const { aggregator } = build([TOKEN, requisition(status)]);

      expect(
        await aggregator.completeConnection({
          consentId: REQUISITION_ID,
          redirectError: 'UserCancelledSession',
        }),
      ).toEqual({ status: 'rejected' });
    },
  );

  it.each(['CR', 'GC', 'UA', 'SA', 'GA'])(
    'is not finished while the requisition is %s and the user brought no error',
    async (status) => {
      const { aggregator } = build([TOKEN, requisition(status)]);

      const error = await expectAggregatorError(
        aggregator.completeConnection({ consentId: REQUISITION_ID }),
        'INVALID_REQUEST',
      );
      expect(error.message).toContain(status);
    },
  );

  it('stays linked when the requisition is LN whatever the redirect says', async () => {
    const { aggregator } = build([TOKEN, LINKED]);

    expect(
      await aggregator.completeConnection({ consentId: REQUISITION_ID, redirectError: 'x' }),
    ).toEqual({ status: 'linked' });
  });

  it('answers NOT_FOUND for an unknown or malformed requisition id', async () => {
    const { aggregator, requests } = build([
      TOKEN,
      {
        method: 'GET',
        path: `${API}/requisitions/00000000-0000-4000-8000-000000000000/`,
        status: 404,
        file: 'error-404.json',
      },
    ]);

    await expectAggregatorError(
      aggregator.completeConnection({ consentId: '00000000-0000-4000-8000-000000000000' }),
      'NOT_FOUND',
    );
    for (const consentId of ['garbage', '', `${REQUISITION_ID}/../../token/new`]) {
      await expectAggregatorError(aggregator.completeConnection({ consentId }), 'NOT_FOUND');
      await expectAggregatorError(aggregator.listAccounts({ consentId }), 'NOT_FOUND');
      await expectAggregatorError(aggregator.removeConnection({ consentId }), 'NOT_FOUND');
    }
    expect(requests).toHaveLength(2);
  });
});

const ACCOUNT_EXCHANGES: RecordedExchange[] = [
  { method: 'GET', path: `${API}/accounts/${CURRENT_ID}/`, file: 'account-metadata-current.json' },
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
  { method: 'GET', path: `${API}/accounts/${CARD_ID}/details/`, file: 'account-details-card.json' },
  { method: 'GET', path: `${API}/accounts/${CARD_ID}/balances/`, file: 'balances-card.json' },
];

describe('GoCardless accounts', () => {
  it('maps a current account and a credit card, balances in exact cents', async () => {
    const { aggregator } = build([TOKEN, LINKED, ...ACCOUNT_EXCHANGES]);

    const accounts = await aggregator.listAccounts({ consentId: REQUISITION_ID });

    expect(accounts).toEqual([
      {
        externalId: CURRENT_ID,
        name: 'Cuenta Negocios',
        number: 'ES91 2100 0418 4502 0005 1332',
        type: 'ACCOUNT',
        subtype: 'CHECKING',
        currency: 'EUR',
        currentBalance: 123456,
        availableBalance: 120006,
      },
      {
        externalId: CARD_ID,
        name: 'Visa Business',
        number: '4921 81** **** 1234',
        type: 'CARD',
        subtype: 'CREDIT',
        currency: 'EUR',
        currentBalance: -10,
        availableBalance: 299990,
      },
    ]);
  });

  it.each([
    ['SVGS', {}, 'ACCOUNT', 'SAVING'],
    ['MOMA', {}, 'ACCOUNT', 'MONEY_MARKET'],
    ['TRAN', {}, 'ACCOUNT', 'CHECKING'],
    ['CARD', { product: 'Tarjeta de débito' }, 'CARD', 'DEBIT'],
    ['CARD', { product: 'Prepaid card' }, 'CARD', 'PREPAID'],
    [undefined, { iban: undefined, maskedPan: '4921XXXXXXXX9876' }, 'CARD', 'CREDIT'],
  ] as const)(
    'maps cashAccountType %s %o to %s %s',
    async (cashAccountType, extra, type, subtype) => {
      const details = recorded('account-details-current.json') as { account: object };
      const { aggregator } = build([
        TOKEN,
        requisition('LN', [CURRENT_ID]),
        ACCOUNT_EXCHANGES[0]!,
        {
          ...ACCOUNT_EXCHANGES[1]!,
          file: undefined,
          body: { account: { ...details.account, cashAccountType, ...extra } },
        },
        ACCOUNT_EXCHANGES[2]!,
      ]);

      const [account] = await aggregator.listAccounts({ consentId: REQUISITION_ID });

      expect(account).toMatchObject({ type, subtype });
    },
  );

  it('refuses to read before the consent is given, and after it ended', async () => {
    const { aggregator } = build([
      TOKEN,
      requisition('UA'),
      requisition('EX', [CURRENT_ID]),
      requisition('RJ'),
    ]);

    await expectAggregatorError(
      aggregator.listAccounts({ consentId: REQUISITION_ID }),
      'INVALID_REQUEST',
    );
    await expectAggregatorError(
      aggregator.listAccounts({ consentId: REQUISITION_ID }),
      'CONSENT_EXPIRED',
    );
    await expectAggregatorError(
      aggregator.listAccounts({ consentId: REQUISITION_ID }),
      'CONSENT_REJECTED',
    );
  });

  it('answers CONSENT_EXPIRED for an account whose access expired', async () => {
    const { aggregator } = build([
      TOKEN,
      LINKED,
      {
        ...ACCOUNT_EXCHANGES[0]!,
        file: undefined,
        body: { ...(recorded('account-metadata-current.json') as object), status: 'EXPIRED' },
      },
    ]);

    await expectAggregatorError(
      aggregator.listAccounts({ consentId: REQUISITION_ID }),
      'CONSENT_EXPIRED',
    );
  });

  it.each([
    [401, 'error-401-eua-expired.json', 'CONSENT_EXPIRED'],
    [403, 'error-403-access-expired.json', 'CONSENT_EXPIRED'],
    [404, 'error-404.json', 'NOT_FOUND'],
    [503, 'error-503.json', 'BANK_UNAVAILABLE'],
    [400, 'error-400-field.json', 'INVALID_REQUEST'],
  ] as const)('maps a %s from the account details to %s', async (status, file, code) => {
    const { aggregator } = build([
      TOKEN,
      LINKED,
      ACCOUNT_EXCHANGES[0]!,
      { ...ACCOUNT_EXCHANGES[1]!, status, file },
    ]);

    await expectAggregatorError(aggregator.listAccounts({ consentId: REQUISITION_ID }), code);
  });
});

const TRANSACTIONS: RecordedExchange = {
  method: 'GET',
  path: `${API}/accounts/${CURRENT_ID}/transactions/?date_from=2026-11-01`,
  file: 'transactions-current.json',
};

describe('GoCardless transactions', () => {
  it('maps the booked transactions only, oldest first, with their ids and descriptions', async () => {
    const { aggregator } = build([TOKEN, LINKED, TRANSACTIONS]);

    const transactions = await aggregator.fetchTransactions({
      consentId: REQUISITION_ID,
      accountExternalId: CURRENT_ID,
      since: '2026-11-01',
    });

    const coffee = 'COMPRA TARJ. 4921XXXXXXXX1234 CAFETERIA LA CIBELES MADRID';
    expect(transactions).toEqual([
      {
        externalId: '2026111500007',
        amount: -12000,
        balance: null,
        description: 'TRASPASO A CUENTA AHORRO',
        operationDate: '2026-11-15',
        valueDate: '2026-11-15',
      },
      {
        externalId: '2026111800044',
        amount: -10,
        balance: null,
        description: 'RF18539007547034',
        operationDate: '2026-11-18',
        valueDate: '2026-11-18',
      },
      {
        externalId: 'f1d2c3b4a5968778',
        amount: 121000,
        balance: null,
        description: 'DISTRIBUCIONES GARCIA SL',
        operationDate: '2026-11-20',
        valueDate: '2026-11-20',
      },
      {
        externalId: expect.stringMatching(/^h_[0-9a-f]{32}$/) as unknown,
        amount: -350,
        balance: null,
        description: coffee,
        operationDate: '2026-11-24',
        valueDate: '2026-11-23',
      },
      {
        externalId: expect.stringMatching(/^h_[0-9a-f]{32}-2$/) as unknown,
        amount: -350,
        balance: null,
        description: coffee,
        operationDate: '2026-11-24',
        valueDate: '2026-11-23',
      },
      {
        externalId: '2026112500012',
        amount: -4530,
        balance: 123456,
        description: 'RECIBO IBERDROLA CLIENTES SAU FACTURA 2026-11',
        operationDate: '2026-11-25',
        valueDate: '2026-11-25',
      },
    ]);
    expect(transactions[4]!.externalId).toBe(`${transactions[3]!.externalId}-2`);
    expect(transactions.some((item) => item.description.includes('AMAZON'))).toBe(false);
  });

  it('gives a transaction without an id the same id on every read', async () => {
    const body = recorded('transactions-current.json') as { transactions: { booked: object[] } };
    const reordered = {
      transactions: { booked: [...body.transactions.booked].reverse(), pending: [] },
    };
    const { aggregator } = build([
      TOKEN,
      { ...LINKED, repeat: true },
      TRANSACTIONS,
      { ...TRANSACTIONS, file: undefined, body: reordered },
    ]);
    const read = () =>
      aggregator.fetchTransactions({
        consentId: REQUISITION_ID,
        accountExternalId: CURRENT_ID,
        since: '2026-11-01',
      });

    const first = await read();
    const second = await read();

    expect(second.map((item) => item.externalId)).toEqual(first.map((item) => item.externalId));
  });

  it('keeps the transactions from the date asked, and asks at most 730 days back', async () => {
    const { aggregator, requests } = build([
      TOKEN,
      { ...LINKED, repeat: true },
      {
        ...TRANSACTIONS,
        path: `${API}/accounts/${CURRENT_ID}/transactions/?date_from=2026-11-18`,
      },
      {
        ...TRANSACTIONS,
        path: `${API}/accounts/${CURRENT_ID}/transactions/?date_from=2024-11-25`,
      },
    ]);
    const read = (since: string) =>
      aggregator.fetchTransactions({
        consentId: REQUISITION_ID,
        accountExternalId: CURRENT_ID,
        since,
      });

    const recent = await read('2026-11-18');
    const all = await read('2023-01-01');

    expect(recent.map((item) => item.operationDate)).toEqual([
      '2026-11-18',
      '2026-11-20',
      '2026-11-24',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(all).toHaveLength(6);
    expect(requests.at(-1)!.path).toContain('date_from=2024-11-25');
  });

  it('answers NOT_FOUND for an account outside the consent and INVALID_REQUEST for a bad date', async () => {
    const { aggregator } = build([TOKEN, LINKED]);

    await expectAggregatorError(
      aggregator.fetchTransactions({
        consentId: REQUISITION_ID,
        accountExternalId: '11111111-2222-4333-8444-555555555555',
        since: '2026-11-01',
      }),
      'NOT_FOUND',
    );
    await expectAggregatorError(
      aggregator.fetchTransactions({
        consentId: REQUISITION_ID,
        accountExternalId: CURRENT_ID,
        since: '2026-13-45',
      }),
      'INVALID_REQUEST',
    );
  });
});

describe('GoCardless amounts and descriptions', () => {
  it.each([
    ['1234.56', 123456],
    ['-0.10', -10],
    ['0.1', 10],
    ['12', 1200],
    ['+7.5', 750],
    ['-0.00', 0],
    ['1.005', 101],
    ['-2.994', -299],
    ['99999999.99', 9999999999],
  ])('reads %s as %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each(['', '1,50', '1e3', 'abc', '--1'])('refuses the amount %j', (amount) => {
    expect(() => toCents(amount)).toThrow(AggregatorError);
  });

  it('falls back from the remittance information to the other party and the bank note', () => {
    const amount = { amount: '-1.00', currency: 'EUR' };
    expect(
      describeTransaction(
        {
          transactionAmount: amount,
          remittanceInformationStructured: 'RF18 5390',
          creditorName: 'A',
        },
        -100,
      ),
    ).toBe('RF18 5390');
    expect(describeTransaction({ creditorName: 'ACME SL', debtorName: 'US SL' }, -100)).toBe(
      'ACME SL',
    );
    expect(describeTransaction({ creditorName: 'US SL', debtorName: 'CLIENT SA' }, 100)).toBe(
      'CLIENT SA',
    );
    expect(describeTransaction({ debtorName: '  ', additionalInformation: 'COMISION' }, -5)).toBe(
      'COMISION',
    );
    expect(describeTransaction({}, -5)).toBe('');
  });
});

describe('GoCardless removal', () => {
  it('deletes the requisition, and takes a 404 as already gone', async () => {
    const deleted: RecordedExchange = {
      method: 'DELETE',
      path: `${API}/requisitions/${REQUISITION_ID}/`,
      file: 'requisition-deleted.json',
    };
    const { aggregator, requests } = build([
      TOKEN,
      deleted,
      { ...deleted, status: 404, file: 'error-404.json' },
    ]);

    await aggregator.removeConnection({ consentId: REQUISITION_ID });
    await aggregator.removeConnection({ consentId: REQUISITION_ID });

    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(2);
  });

  it('reports a failure other than 404', async () => {
    const { aggregator } = build([
      TOKEN,
      {
        method: 'DELETE',
        path: `${API}/requisitions/${REQUISITION_ID}/`,
        status: 503,
        file: 'error-503.json',
      },
    ]);

    await expectAggregatorError(
      aggregator.removeConnection({ consentId: REQUISITION_ID }),
      'BANK_UNAVAILABLE',
    );
  });
});

describe('GoCardless errors', () => {
  it('answers RATE_LIMITED with the seconds until the account limit resets', async () => {
    const { aggregator } = build([
      TOKEN,
      LINKED,
      {
        ...TRANSACTIONS,
        status: 429,
        file: 'error-429.json',
        headers: recorded('error-429-headers.json') as Record<string, string>,
      },
    ]);

    const error = await expectAggregatorError(
      aggregator.fetchTransactions({
        consentId: REQUISITION_ID,
        accountExternalId: CURRENT_ID,
        since: '2026-11-01',
      }),
      'RATE_LIMITED',
    );

    expect(error.retryAfterSeconds).toBe(42301);
    expect(error.message).toContain('daily request limit');
  });

  it('reads the general reset when the account one is missing', async () => {
    const { aggregator } = build([
      TOKEN,
      {
        method: 'GET',
        path: `${API}/institutions/?country=ES`,
        status: 429,
        file: 'error-429.json',
        headers: { HTTP_X_RATELIMIT_RESET: '52' },
      },
    ]);

    const error = await expectAggregatorError(
      aggregator.listBanks({ countryCode: 'ES' }),
      'RATE_LIMITED',
    );
    expect(error.retryAfterSeconds).toBe(52);
  });

  it('answers CONSENT_EXPIRED for an expired agreement on the transactions', async () => {
    const { aggregator } = build([
      TOKEN,
      LINKED,
      { ...TRANSACTIONS, status: 401, file: 'error-401-eua-expired.json' },
    ]);

    const error = await expectAggregatorError(
      aggregator.fetchTransactions({
        consentId: REQUISITION_ID,
        accountExternalId: CURRENT_ID,
        since: '2026-11-01',
      }),
      'CONSENT_EXPIRED',
    );
    expect(error.message).toContain('End User Agreement (EUA)');
  });

  it('answers BANK_UNAVAILABLE on a 503, a network failure and a timeout', async () => {
    const institutions = { method: 'GET', path: `${API}/institutions/?country=ES` } as const;
    const { aggregator } = build([
      TOKEN,
      { ...institutions, status: 503, file: 'error-503.json' },
      { ...institutions, error: new TypeError('fetch failed') },
      {
        ...institutions,
        error: new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      },
    ]);
    const list = () => aggregator.listBanks({ countryCode: 'ES' });

    const unavailable = await expectAggregatorError(list(), 'BANK_UNAVAILABLE');
    const unreachable = await expectAggregatorError(list(), 'BANK_UNAVAILABLE');
    const late = await expectAggregatorError(list(), 'BANK_UNAVAILABLE');

    expect(unavailable.message).toContain('503');
    expect(unreachable.message).toBe('GoCardless could not be reached.');
    expect(late.message).toContain('in time');
  });

  it('answers BANK_UNAVAILABLE when GoCardless cannot be reached for a token', async () => {
    const { aggregator } = build([{ ...TOKEN, error: new TypeError('fetch failed') }]);

    await expectAggregatorError(aggregator.listBanks({ countryCode: 'ES' }), 'BANK_UNAVAILABLE');
  });

  it('masks the secrets and tokens should an error body ever echo them', async () => {
    const { aggregator } = build([
      TOKEN,
      {
        method: 'GET',
        path: `${API}/institutions/?country=ES`,
        status: 400,
        body: { summary: `Bad key ${SECRET_KEY}`, detail: `token ${ACCESS_ONE}`, status_code: 400 },
      },
    ]);

    const error = await expectAggregatorError(
      aggregator.listBanks({ countryCode: 'ES' }),
      'INVALID_REQUEST',
    );
    expect(error.message).toContain('[redacted]');
  });

  it('never puts a secret or a token in an error message', () => {
    expect(messages.length).toBeGreaterThan(20);
    for (const message of messages) {
      for (const secret of [SECRET_KEY, SECRET_ID, ACCESS_ONE, ACCESS_TWO, REFRESH_ONE]) {
        expect(message).not.toContain(secret);
      }
    }
  });
});

describe('the content security policy', () => {
  it('allows the GoCardless logo hosts as images only when GoCardless is on', () => {
    const sandbox = contentSecurityDirectives({ hasStripe: false });
    const gocardless = contentSecurityDirectives({ hasStripe: false, hasGoCardless: true });

    expect(sandbox.imgSrc).toEqual(["'self'", 'data:', 'blob:']);
    expect(gocardless.imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://cdn.nordigen.com/',
      'https://cdn-logos.gocardless.com/',
      'https://storage.googleapis.com/gc-prd-institution_icons-production/',
    ]);
    expect(gocardless.scriptSrc).toEqual(["'self'"]);
    expect(gocardless.connectSrc).toEqual(["'self'"]);
  });
});
