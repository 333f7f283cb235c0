import {
  LEGAL_MIND_MAX_CHARACTERS,
  LEGAL_MIND_MODES,
  type TDocumentInsightsResponse,
  type UsagePeriod,
} from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import { AppError } from '../../platform/errors.js';
import { meterCall, periodStart } from '../neuron-access/service.js';
import { documentsPerDay, documentTotals, findingsByKind, insertDocument } from './repository.js';

type Mode = (typeof LEGAL_MIND_MODES)[number];

function requireMode(mode: string): Mode {
  if (!(LEGAL_MIND_MODES as readonly string[]).includes(mode)) {
    throw new AppError('VALIDATION', {
      message: `The mode must be text or html, not ${mode}.`,
      fields: { mode: 'validation.invalid' },
    });
  }
  return mode as Mode;
}

/**
 * The LegalMind API: anonymises English legal text or HTML behind the neuron's token and call
 * meter. Every call, refused or not, is recorded with its size in characters; an anonymised
 * document is also recorded with the number of findings of each kind, never its text.
 */
export async function anonymizeLegalText(
  deps: Deps,
  options: { token: string | undefined; mode: string; text: string },
): Promise<string> {
  const mode = requireMode(options.mode);
  return meterCall(deps, {
    token: options.token,
    neuronId: 'LegalMind',
    endpoint: `POST /v1/${mode}/english`,
    run: async (access) => {
      if (options.text.trim() === '') {
        throw new AppError('VALIDATION', {
          message: 'The text is empty.',
          fields: { text: 'validation.required' },
        });
      }
      if (options.text.length > LEGAL_MIND_MAX_CHARACTERS) {
        throw new AppError('PAYLOAD_TOO_LARGE', {
          message: `The text is longer than ${LEGAL_MIND_MAX_CHARACTERS.toLocaleString('en-US')} characters.`,
        });
      }
      const outcome = await cpuPool.run('anonymizeText', { text: options.text, mode });
      if (!outcome.ok) {
        throw new AppError('VALIDATION', {
          message: outcome.message,
          fields: { text: 'validation.invalid' },
        });
      }
      await insertDocument(deps.db, {
        teamId: access.teamId,
        characters: options.text.length,
        findings: outcome.value.findings,
        createdAt: deps.clock.now(),
      });
      return { result: outcome.value.text, statusCode: 200, units: options.text.length };
    },
  });
}

/** What kinds of personal data the team's documents of the period held, as counts. */
export async function getDocumentInsights(
  deps: Deps,
  options: { teamId: string; period: UsagePeriod },
): Promise<TDocumentInsightsResponse> {
  const since = periodStart(deps.clock.now(), options.period);
  const scope = { teamId: options.teamId, since };
  const [totals, kinds, days] = await Promise.all([
    documentTotals(deps.db, scope),
    findingsByKind(deps.db, scope),
    documentsPerDay(deps.db, scope),
  ]);
  return { period: options.period, from: since.toISOString(), ...totals, kinds, days };
}
