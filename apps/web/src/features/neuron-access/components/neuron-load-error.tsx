import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { getNeuronErrorMessage } from '../utils/error-text';

/** A failed load in the user's language (from the error's code), with Retry. */
export function NeuronLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadError error={error} onRetry={onRetry} message={getNeuronErrorMessage(t, error)} />;
}
