import { z } from 'zod';
import { USAGE_PERIODS } from './neuron-access.js';

/** The longest text one LegalMind call anonymises, in characters. */
export const LEGAL_MIND_MAX_CHARACTERS = 1_000_000;
export const LEGAL_MIND_MODES = ['text', 'html'] as const;

export const ZLegalMindParams = z.object({ mode: z.string().max(20) });
export const ZLegalMindQuery = z.object({ token: z.string().max(200).optional() });
export const ZLegalMindRequest = z.object({
  text: z.string({ error: 'validation.required' }),
});

/** The largest Word 97–2003 (.doc) file the server turns into text, in bytes. */
export const WORD_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** A Word file's content, as the anonymizer page needs it: plain text and simple HTML. */
export const ZWordFileContent = z.object({ text: z.string(), html: z.string() });
export type TWordFileContent = z.infer<typeof ZWordFileContent>;

/**
 * What kinds of personal data a team's recent LegalMind documents held: counts only, no text
 * is kept. `label` is one of the anonymizer's labels (PERSON, ORG, EMAIL, IBAN…).
 */
export const ZDocumentInsightsResponse = z.object({
  period: z.enum(USAGE_PERIODS),
  from: z.string(),
  documents: z.number().int(),
  characters: z.number().int(),
  /** Findings in all documents of the period. */
  findings: z.number().int(),
  kinds: z.array(
    z.object({ label: z.string(), findings: z.number().int(), documents: z.number().int() }),
  ),
  days: z.array(
    z.object({ day: z.string(), documents: z.number().int(), findings: z.number().int() }),
  ),
});
export type TDocumentInsightsResponse = z.infer<typeof ZDocumentInsightsResponse>;

export const ZDocumentInsightsParams = z.object({ period: z.enum(USAGE_PERIODS) });
