import type { TExchangeRates } from '@app/contracts/financial-viewer';
import { LEADING_CURRENCIES } from '@app/contracts/financial-viewer';
import type { Clock } from './clock.js';

/** The ECB's euro reference rates of 31 December 2024 (units per euro), used when offline. */
const SNAPSHOT: TExchangeRates = {
  source: 'snapshot',
  date: '2024-12-31',
  rates: {
    EUR: 1,
    USD: 1.0389,
    JPY: 163.06,
    GBP: 0.82918,
    CHF: 0.9412,
    SEK: 11.459,
    NOK: 11.795,
    DKK: 7.4578,
    PLN: 4.275,
    CZK: 25.185,
    HUF: 411.35,
    RON: 4.9743,
    BGN: 1.9558,
    ISK: 144.6,
    TRY: 36.7372,
    AUD: 1.6772,
    CAD: 1.4948,
    CNY: 7.5833,
    HKD: 8.0686,
    INR: 88.9335,
    ILS: 3.7995,
    KRW: 1532.15,
    MXN: 21.5504,
    NZD: 1.8532,
    PHP: 60.105,
    SGD: 1.4164,
    THB: 35.676,
    ZAR: 19.6188,
    BRL: 6.4253,
    IDR: 16820.88,
    MYR: 4.6454,
  },
};

const FRESH_MILLISECONDS = 12 * 3_600_000;
const RETRY_MILLISECONDS = 3_600_000;
const TIMEOUT_MILLISECONDS = 3000;

export type ExchangeRates = {
  /** Today's rates: the ECB's when reachable, the stored snapshot otherwise. */
  get(): Promise<TExchangeRates>;
};

/** Reads the ECB's eurofxref XML: `<Cube time='…'>` and `<Cube currency='USD' rate='1.03'/>`. */
export function parseEcbRates(xml: string): TExchangeRates | undefined {
  const date = /time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(xml)?.[1];
  const rates: Record<string, number> = { EUR: 1 };
  for (const match of xml.matchAll(/currency=['"]([A-Z]{3})['"]\s+rate=['"]([\d.]+)['"]/g)) {
    const rate = Number(match[2]);
    if (match[1] && Number.isFinite(rate) && rate > 0) rates[match[1]] = rate;
  }
  if (!date || Object.keys(rates).length < 2) return undefined;
  return { source: 'ecb', date, rates };
}

/** Fetches the ECB's rates at most twice a day, and after a failure waits an hour. */
export function createExchangeRates(options: {
  url: string | undefined;
  clock: Clock;
}): ExchangeRates {
  let cached: { rates: TExchangeRates; until: number } | undefined;
  async function fetchRates(): Promise<TExchangeRates | undefined> {
    if (!options.url) return undefined;
    try {
      const response = await fetch(options.url, {
        signal: AbortSignal.timeout(TIMEOUT_MILLISECONDS),
      });
      return response.ok ? parseEcbRates(await response.text()) : undefined;
    } catch {
      return undefined;
    }
  }
  return {
    async get() {
      const now = options.clock.now().getTime();
      if (cached && cached.until > now) return cached.rates;
      const fetched = await fetchRates();
      cached = fetched
        ? { rates: fetched, until: now + FRESH_MILLISECONDS }
        : {
            rates: cached?.rates.source === 'ecb' ? cached.rates : SNAPSHOT,
            until: now + RETRY_MILLISECONDS,
          };
      return cached.rates;
    },
  };
}

/** Units of `currency` per euro, or undefined when no rate is published for it. */
function rateOf(currency: string, rates: TExchangeRates): number | undefined {
  const code = currency.toUpperCase();
  return code === 'EUR' ? 1 : rates.rates[code];
}

/**
 * Cents in `currency` as euro cents. Accounts added by hand are refused in a currency without
 * a rate; one from a bank in such a currency counts at par (`currenciesAtPar` names them).
 */
export function toEuroCents(cents: number, currency: string, rates: TExchangeRates): number {
  return Math.round(cents / (rateOf(currency, rates) ?? 1));
}

/** Those of `currencies` that `toEuroCents` counts at par for want of a rate, upper case, sorted. */
export function currenciesAtPar(currencies: Iterable<string>, rates: TExchangeRates): string[] {
  const codes = new Set([...currencies].map((currency) => currency.toUpperCase()));
  return [...codes].filter((code) => rateOf(code, rates) === undefined).sort();
}

/** The currency list (spec §7): EUR, then USD, then the others alphabetically. */
export function listCurrencies(rates: TExchangeRates): string[] {
  const others = Object.keys(rates.rates)
    .filter((code) => !(LEADING_CURRENCIES as readonly string[]).includes(code))
    .sort();
  return [...LEADING_CURRENCIES, ...others];
}
