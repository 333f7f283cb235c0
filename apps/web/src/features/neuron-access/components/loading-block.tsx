import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';

/** The skeleton of a page whose data is on its way, announced as loading. */
export function LoadingBlock({ height = 320 }: { height?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Skeleton variant="rounded" height={72} />
      <Skeleton variant="rounded" height={height} />
    </Box>
  );
}
