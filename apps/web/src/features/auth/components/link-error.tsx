import Button from '@mui/material/Button';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router';
import type { FormError } from '../../../components/form/form';
import { isApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';

/** A used, withdrawn, expired or malformed link: the server refuses the token itself. */
function isInvalidLink(error: unknown): boolean {
  return isApiError(error) && (error.code === 'INVALID_TOKEN' || 'token' in error.fields);
}

type InvalidLinkNotice = { text: string; actionLabel: string; to: string };

/**
 * The refusal of a form opened from an emailed link: a bad link says so with a way on (to a new
 * link, or to sign in); any other refusal is the translated code, unless a field shows it.
 */
export function describeLinkFormError(
  t: TFunction,
  invalidLink: InvalidLinkNotice,
): (error: unknown, hasFieldErrors: boolean) => FormError | string | null {
  return (error, hasFieldErrors) => {
    if (isInvalidLink(error)) {
      return {
        text: invalidLink.text,
        action: (
          <Button component={RouterLink} to={invalidLink.to} color="inherit" size="small">
            {invalidLink.actionLabel}
          </Button>
        ),
      };
    }
    return hasFieldErrors ? null : getErrorMessage(t, error);
  };
}
