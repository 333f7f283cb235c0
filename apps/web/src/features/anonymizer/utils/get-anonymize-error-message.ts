import { LEGAL_MIND_MAX_CHARACTERS } from '@app/contracts/legal-mind';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { getLanguage } from '../../../lib/i18n';

/** The text is over the API's limit: said before a call, which would be metered all the same. */
export function getTooLargeMessage(t: TFunction): string {
  return t('anonymizer.errors.tooLarge', {
    max: LEGAL_MIND_MAX_CHARACTERS.toLocaleString(getLanguage()),
  });
}

/** The API's 400 messages for a text in the wrong format (spec), matched to translate them. */
const NOT_PLAIN_MESSAGE = 'the text is not in plain format';
const NOT_HTML_MESSAGE = 'the text is not in HTML format'.toLowerCase();

/** The text of a failed anonymisation, in the user's language. */
export function getAnonymizeErrorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return getErrorMessage(t, error);
  switch (error.status) {
    case 401:
      return t('anonymizer.errors.invalidToken');
    case 413:
      return getTooLargeMessage(t);
    case 422:
      return error.code === 'PLAN_EXCEEDED'
        ? t('anonymizer.errors.planExceeded')
        : getErrorMessage(t, error);
    case 429:
      return t('anonymizer.errors.limitExceeded');
    case 400: {
      const message = error.message.trim().toLowerCase();
      if (message.includes(NOT_PLAIN_MESSAGE)) return t('anonymizer.errors.notPlain');
      if (message.includes(NOT_HTML_MESSAGE)) return t('anonymizer.errors.notHtml');
      return getErrorMessage(t, error);
    }
    default:
      return getErrorMessage(t, error);
  }
}
