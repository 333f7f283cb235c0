import '../i18n/register';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AnonymizerForm } from '../components/anonymizer-form';

/** LegalMind's anonymize tab: the anonymizer form, with the team's token already filled in. */
export function LegalMindAnonymizePage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('anonymizer.title')}
        </Typography>
        <Typography color="text.secondary">{t('anonymizer.subtitle')}</Typography>
      </Box>
      <AnonymizerForm />
    </Box>
  );
}
