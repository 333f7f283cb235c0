import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MessageDialog } from '../../../components/message-dialog';
import { viewerPath } from '../utils/paths';

/** 'Plan exceeded': the plan's bank connections are all used. */
export function PlanExceededDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <MessageDialog
      isOpen={isOpen}
      title={t('financialViewer.dialogs.planExceededTitle')}
      message={t('financialViewer.dialogs.exceededPlan')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('financialViewer.actions.close')}</Button>
          <Button variant="contained" component={RouterLink} to={viewerPath('plans')} autoFocus>
            {t('financialViewer.subscribe.goToPlans')}
          </Button>
        </>
      }
    />
  );
}
