import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { getViewerErrorMessage, isUserBlocked } from '../utils/error-text';
import { BlockedError } from './blocked-error';

/**
 * A failed load of the Financial Viewer in the user's language (never the server's sentence),
 * with Retry; a blocked user (423) gets the module's error instead.
 */
export function ViewerLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (isUserBlocked(error)) return <BlockedError />;
  return <LoadError error={error} onRetry={onRetry} message={getViewerErrorMessage(t, error)} />;
}
