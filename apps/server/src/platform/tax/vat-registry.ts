import { vatPrefix, type EuCountry } from '@app/contracts';
import { z } from 'zod';

/** What the registry of EU VAT numbers says; `unavailable` leaves the decision to the format. */
export type VatCheck = 'valid' | 'invalid' | 'unavailable';

/** The EU's register of VAT numbers (VIES), or none: one interface for both. */
export type VatRegistry = {
  check(input: { country: EuCountry; vatNumber: string }): Promise<VatCheck>;
};

/** Without VIES (the default, and a closed network) the format check alone decides. */
export const formatOnlyRegistry: VatRegistry = {
  check: () => Promise.resolve('unavailable'),
};

/** The documented answer of `POST /check-vat-number`, or its error envelope. */
const ZViesAnswer = z.union([
  z.object({ valid: z.boolean(), userError: z.string().optional() }),
  z.object({
    actionSucceed: z.literal(false),
    errorWrappers: z.array(z.object({ error: z.string() })).min(1),
  }),
]);

/** The answers of VIES that say the number is wrong rather than that VIES could not tell. */
const INVALID_ERRORS = new Set(['INVALID', 'INVALID_INPUT']);
const TIMEOUT_MS = 5_000;
const CACHE_MS = 24 * 3_600_000;

/**
 * The European Commission's VIES REST API (`POST {base}/check-vat-number`). Answers are kept a
 * day, so invoicing a known customer does not wait for the network; a failure, a timeout or a
 * member state's service being down reads `unavailable` and is not kept.
 */
export class ViesRegistry implements VatRegistry {
  private readonly cache = new Map<string, { answer: VatCheck; at: number }>();

  constructor(
    private readonly options: {
      baseUrl: string;
      fetch?: typeof fetch;
      now?: () => number;
    },
  ) {}

  async check(input: { country: EuCountry; vatNumber: string }): Promise<VatCheck> {
    const now = (this.options.now ?? Date.now)();
    const key = `${input.country}${input.vatNumber}`;
    const cached = this.cache.get(key);
    if (cached && now - cached.at < CACHE_MS) return cached.answer;
    const answer = await this.ask(input);
    if (answer !== 'unavailable') this.cache.set(key, { answer, at: now });
    return answer;
  }

  private async ask(input: { country: EuCountry; vatNumber: string }): Promise<VatCheck> {
    const doFetch = this.options.fetch ?? fetch;
    let body: unknown;
    try {
      const response = await doFetch(`${this.options.baseUrl}/check-vat-number`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ countryCode: vatPrefix(input.country), vatNumber: input.vatNumber }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      body = await response.json();
    } catch {
      return 'unavailable';
    }
    const parsed = ZViesAnswer.safeParse(body);
    if (!parsed.success) return 'unavailable';
    const answer = parsed.data;
    if ('valid' in answer) {
      if (answer.valid) return 'valid';
      const error = answer.userError ?? 'INVALID';
      return INVALID_ERRORS.has(error) ? 'invalid' : 'unavailable';
    }
    return answer.errorWrappers.some((wrapper) => INVALID_ERRORS.has(wrapper.error))
      ? 'invalid'
      : 'unavailable';
  }
}

let shared: { url: string; registry: ViesRegistry } | undefined;

/** The registry the configuration asks for; one VIES client (and cache) per process. */
export function vatRegistryFor(config: { viesUrl: string | undefined }): VatRegistry {
  if (!config.viesUrl) return formatOnlyRegistry;
  if (shared?.url !== config.viesUrl) {
    shared = { url: config.viesUrl, registry: new ViesRegistry({ baseUrl: config.viesUrl }) };
  }
  return shared.registry;
}
