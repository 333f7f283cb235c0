import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubscriptionOverlay as Overlay } from '../../../components/subscription-overlay';
import { viewerPath } from '../utils/paths';

/**
 * A tab's content, blurred and out of reach, under 'You need to subscribe to access this tab.'
 * with 'Go to plans' (spec §2, §6).
 */
export function SubscriptionOverlay({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Overlay
      title={t('financialViewer.subscribe.title')}
      message={t('financialViewer.subscribe.message')}
      actionLabel={t('financialViewer.subscribe.goToPlans')}
      plansPath={viewerPath('plans')}
    >
      {children}
    </Overlay>
  );
}
