import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FormError } from '../../../components/form/form';
import { LoadError } from '../../../components/load-error';
import { exceededLimit, getNucleusErrorMessage, isSubscriptionRequired } from '../utils/error-text';
import { nucleusPath } from '../utils/paths';
import { NucleusOverlay } from './nucleus-overlay';

/** A failed load: the overlay for a missing subscription, otherwise the error with Retry. */
export function NucleusLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (isSubscriptionRequired(error)) return <NucleusOverlay />;
  return <LoadError error={error} onRetry={onRetry} message={getNucleusErrorMessage(t, error)} />;
}

/** A failed action in words; a plan limit or a missing plan gets a link to the plans. */
export function describeNucleusActionError(t: TFunction, error: unknown): FormError {
  const toPlans = exceededLimit(error) !== null || isSubscriptionRequired(error);
  const limit = exceededLimit(error) !== null ? `${t('nucleus.planExceeded.title')} ` : '';
  return {
    text: `${limit}${getNucleusErrorMessage(t, error)}`,
    action: toPlans ? (
      <Button color="inherit" size="small" component={RouterLink} to={nucleusPath('plans')}>
        {t('nucleus.subscribe.goToPlans')}
      </Button>
    ) : undefined,
  };
}

/** A failed action shown as an alert (see `describeNucleusActionError`). */
export function NucleusActionError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { text, action } = describeNucleusActionError(t, error);
  return (
    <Alert severity="error" action={action}>
      {text}
    </Alert>
  );
}
