import { NUCLEUS_NEURON } from '@app/contracts/nucleus';
import ArticleIcon from '@mui/icons-material/Article';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import '../i18n/register';

/**
 * Under the token on /nucleus/api: where the Sinteza API is described (its OpenAPI document
 * operation by operation, with curl, JavaScript and Python examples) and can be tried.
 */
export function ApiDocsLink() {
  const { t } = useTranslation();
  const base = `/neurons/${encodeURIComponent(NUCLEUS_NEURON)}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('nucleus.apiDocs.title')}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5, maxWidth: 760 }}
    >
      <Typography variant="h6" component="h2">
        {t('nucleus.apiDocs.title')}
      </Typography>
      <Typography color="text.secondary">{t('nucleus.apiDocs.text')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<ArticleIcon />}
          component={RouterLink}
          to={`${base}/integration`}
        >
          {t('nucleus.apiDocs.reference')}
        </Button>
        <Button component={RouterLink} to={`${base}/test`}>
          {t('nucleus.apiDocs.tryIt')}
        </Button>
      </Box>
    </Paper>
  );
}
