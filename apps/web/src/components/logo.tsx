import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type LogoProps = {
  /** `light` on a dark or coloured background. */
  tone?: 'light' | 'dark';
};

/** The product mark and name. */
export function Logo({ tone = 'dark' }: LogoProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Box
        component="img"
        src="/favicon.svg"
        alt=""
        sx={{ width: 28, height: 28, display: 'block' }}
      />
      <Typography
        component="span"
        variant="h6"
        noWrap
        sx={{ fontWeight: 700, color: tone === 'light' ? 'common.white' : 'primary.main' }}
      >
        {t('app.name')}
      </Typography>
    </Box>
  );
}
