import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** A centred spinner for a page whose data or code is on its way. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-busy="true"
      sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh', width: '100%' }}
    >
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
