import '../i18n/register';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LanguageSelector } from '../../../components/language-selector';
import { Logo } from '../../../components/logo';
import { AnonymizerForm } from '../components/anonymizer-form';

/**
 * The standalone anonymizer (`/anonymizeDocs`): open without signing in, with its own header;
 * a signed-in user finds the token already filled in.
 */
export function AnonymizeDocsPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 3,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Logo />
        <LanguageSelector />
      </Box>
      <Container component="main" maxWidth="lg" sx={{ py: 4, display: 'grid', gap: 3 }}>
        <Box>
          <Typography variant="h5" component="h1">
            {t('anonymizer.title')}
          </Typography>
          <Typography color="text.secondary">{t('anonymizer.subtitle')}</Typography>
        </Box>
        <AnonymizerForm />
      </Container>
    </Box>
  );
}
