import {
  LEGAL_MIND_MAX_CHARACTERS,
  LEGAL_MIND_MODES,
  type TDocumentInsightsResponse,
  type TWordFileContent,
  type UsagePeriod,
} from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';
import type { SubscriptionAccess } from '../billing/subscriptions.js';
import { meterCall, periodStart, requireTokenAccess } from '../neuron-access/service.js';
import { documentsPerDay, documentTotals, findingsByKind, insertDocument } from './repository.js';
import { readLegacyWordFile } from './word-file.js';

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
 * Refuses a document longer than the plan takes with 422 PLAN_EXCEEDED, naming the limit; a
 * plan without a limit takes up to the API's maximum.
 */
function requireDocumentWithinPlan(
  plan: Pick<SubscriptionAccess['plan'], 'name' | 'maxDocumentCharacters'>,
  characters: number,
): void {
  const limit = plan.maxDocumentCharacters;
  if (limit === null || characters <= limit) return;
  const count = (value: number) => value.toLocaleString('en-US');
  throw new AppError('PLAN_EXCEEDED', {
    message: `The document has ${count(characters)} characters and the ${plan.name} plan takes documents of up to ${count(limit)} characters. Change to a higher plan or split the document.`,
  });
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
      requireDocumentWithinPlan(access.plan, options.text.length);
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

/**
 * The text of a Word 97–2003 file for the anonymizer page, which works with the LegalMind token
 * alone: the token is checked before the upload is taken, and a text longer than the plan takes
 * is refused now rather than at the call. Converting is not an anonymisation: no call is metered.
 */
export async function convertWordFile(
  deps: Deps,
  options: { token: string | undefined; takeFile: () => Promise<UploadedFile | undefined> },
): Promise<TWordFileContent> {
  const access = await requireTokenAccess(deps, { token: options.token, neuronId: 'LegalMind' });
  const content = await readLegacyWordFile(await options.takeFile());
  requireDocumentWithinPlan(access.plan, content.text.length);
  return content;
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
