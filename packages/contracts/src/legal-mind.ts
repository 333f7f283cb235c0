import { z } from 'zod';

/** The longest text one LegalMind call anonymises, in characters. */
export const LEGAL_MIND_MAX_CHARACTERS = 1_000_000;
export const LEGAL_MIND_MODES = ['text', 'html'] as const;

export const ZLegalMindParams = z.object({ mode: z.string().max(20) });
export const ZLegalMindQuery = z.object({ token: z.string().max(200).optional() });
export const ZLegalMindRequest = z.object({
  text: z.string({ error: 'validation.required' }),
});
