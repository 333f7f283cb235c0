import { AnonymizationError, anonymize } from '@app/anonymizer';
import { LEGAL_MIND_MAX_CHARACTERS, LEGAL_MIND_MODES } from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { meterCall } from '../neuron-access/service.js';

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
 * meter. Every call, refused or not, is recorded with its size in characters.
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
    run: async () => {
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
      try {
        const result = anonymize({ text: options.text, mode });
        return { result: result.text, statusCode: 200, units: options.text.length };
      } catch (error) {
        if (error instanceof AnonymizationError) {
          throw new AppError('VALIDATION', {
            message: error.message,
            fields: { text: 'validation.invalid' },
          });
        }
        throw error;
      }
    },
  });
}
