import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CategoryIcon from '@mui/icons-material/Category';
import TimelineIcon from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Point({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2 }}>
      <Box sx={{ color: 'primary.main', pt: 0.5 }} aria-hidden="true">
        {icon}
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
      </Box>
    </Box>
  );
}

/** The sign-up pitch: bank account aggregation, transaction categorization, cashflow. */
export function SignUpMarketing() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="sign-up-marketing-title">
      <Typography id="sign-up-marketing-title" variant="h4" component="h2" gutterBottom>
        {t('auth.marketing.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('auth.marketing.intro')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        <Point
          icon={<AccountBalanceIcon />}
          title={t('auth.marketing.aggregationTitle')}
          text={t('auth.marketing.aggregationText')}
        />
        <Point
          icon={<CategoryIcon />}
          title={t('auth.marketing.categorizationTitle')}
          text={t('auth.marketing.categorizationText')}
        />
        <Point
          icon={<TimelineIcon />}
          title={t('auth.marketing.cashflowTitle')}
          text={t('auth.marketing.cashflowText')}
        />
      </Box>
    </Box>
  );
}
