import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** What a blocked user sees instead of the Financial Viewer (spec §6). */
export function BlockedError() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/account/support">
          {t('financialViewer.blocked.contact')}
        </Button>
      }
    >
      <AlertTitle>{t('financialViewer.blocked.title')}</AlertTitle>
      {t('financialViewer.blocked.message')}
    </Alert>
  );
}
