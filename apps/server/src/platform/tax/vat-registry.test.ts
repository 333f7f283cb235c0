import { describe, expect, it } from 'vitest';
import { ViesRegistry, formatOnlyRegistry } from './vat-registry.js';

/** Answers of `POST /check-vat-number` in the shapes the EC documents for its VIES REST API. */
const RECORDED = {
  valid: {
    status: 200,
    body: {
      countryCode: 'DE',
      vatNumber: '123456789',
      requestDate: '2026-11-26T10:15:03.511Z',
      valid: true,
      requestIdentifier: '',
      name: '---',
      address: '---',
      traderName: '',
      traderStreet: '',
      traderPostalCode: '',
      traderCity: '',
      traderCompanyType: '',
      traderNameMatch: 'NOT_PROCESSED',
      traderStreetMatch: 'NOT_PROCESSED',
      traderPostalCodeMatch: 'NOT_PROCESSED',
      traderCityMatch: 'NOT_PROCESSED',
      traderCompanyTypeMatch: 'NOT_PROCESSED',
    },
  },
  invalid: {
    status: 200,
    body: {
      countryCode: 'DE',
      vatNumber: '999999999',
      requestDate: '2026-11-26T10:15:03.511Z',
      valid: false,
      requestIdentifier: '',
      name: '---',
      address: '---',
    },
  },
  memberStateDown: {
    status: 200,
    body: {
      countryCode: 'DE',
      vatNumber: '123456789',
      requestDate: '2026-11-26T10:15:03.511Z',
      valid: false,
      userError: 'MS_UNAVAILABLE',
    },
  },
  serviceError: {
    status: 500,
    body: { actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE', message: '' }] },
  },
  invalidInput: {
    status: 400,
    body: { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT', message: '' }] },
  },
  tooManyRequests: {
    status: 200,
    body: { actionSucceed: false, errorWrappers: [{ error: 'MS_MAX_CONCURRENT_REQ' }] },
  },
} as const;

type Recorded = { status: number; body: unknown };

function replay(...answers: (Recorded | Error)[]) {
  const requests: { url: string; body: unknown }[] = [];
  const fetch: typeof globalThis.fetch = (url, init) => {
    requests.push({
      url: url instanceof Request ? url.url : url.toString(),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    const answer = answers.shift();
    if (!answer) throw new Error('no more recorded answers');
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { fetch, requests };
}

const BASE = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

describe('ViesRegistry', () => {
  it('asks check-vat-number with the country prefix and the national part', async () => {
    const { fetch, requests } = replay(RECORDED.valid, RECORDED.valid);
    const registry = new ViesRegistry({ baseUrl: BASE, fetch });
    expect(await registry.check({ country: 'DE', vatNumber: '123456789' })).toBe('valid');
    expect(await registry.check({ country: 'GR', vatNumber: '123456789' })).toBe('valid');
    expect(requests).toEqual([
      { url: `${BASE}/check-vat-number`, body: { countryCode: 'DE', vatNumber: '123456789' } },
      { url: `${BASE}/check-vat-number`, body: { countryCode: 'EL', vatNumber: '123456789' } },
    ]);
  });

  it.each([
    ['a registered number', RECORDED.valid, 'valid'],
    ['an unregistered number', RECORDED.invalid, 'invalid'],
    ['a refused input', RECORDED.invalidInput, 'invalid'],
    ['a member state that is down', RECORDED.memberStateDown, 'unavailable'],
    ['VIES being down', RECORDED.serviceError, 'unavailable'],
    ['too many requests', RECORDED.tooManyRequests, 'unavailable'],
    [
      'an answer of another shape',
      { status: 200, body: '<html>maintenance</html>' },
      'unavailable',
    ],
  ])('reads %s', async (_case, answer, expected) => {
    const registry = new ViesRegistry({ baseUrl: BASE, fetch: replay(answer).fetch });
    expect(await registry.check({ country: 'DE', vatNumber: '123456789' })).toBe(expected);
  });

  it('reads a closed network as unavailable', async () => {
    const { fetch } = replay(new TypeError('fetch failed'));
    const registry = new ViesRegistry({ baseUrl: BASE, fetch });
    expect(await registry.check({ country: 'DE', vatNumber: '123456789' })).toBe('unavailable');
  });

  it('keeps an answer a day, and asks again after a failure', async () => {
    let now = 0;
    const { fetch, requests } = replay(RECORDED.serviceError, RECORDED.invalid, RECORDED.valid);
    const registry = new ViesRegistry({ baseUrl: BASE, fetch, now: () => now });
    const ask = () => registry.check({ country: 'DE', vatNumber: '999999999' });
    expect(await ask()).toBe('unavailable');
    expect(await ask()).toBe('invalid');
    now += 23 * 3_600_000;
    expect(await ask()).toBe('invalid');
    now += 2 * 3_600_000;
    expect(await ask()).toBe('valid');
    expect(requests).toHaveLength(3);
  });
});

describe('formatOnlyRegistry', () => {
  it('leaves the decision to the format', async () => {
    expect(await formatOnlyRegistry.check({ country: 'DE', vatNumber: '123456789' })).toBe(
      'unavailable',
    );
  });
});
