import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useRouteError } from 'react-router';

/** Error boundary of a route: what broke stays inside that route, with a way out. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
        textAlign: 'center',
        py: 8,
        px: 2,
      }}
    >
      <Typography variant="h5" component="h1">
        {t('errors.routeTitle')}
      </Typography>
      <Typography color="text.secondary">{t('errors.generic')}</Typography>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button
          variant="contained"
          onClick={() => {
            window.location.reload();
          }}
        >
          {t('errors.reload')}
        </Button>
        <Button component={RouterLink} to="/">
          {t('notFound.backHome')}
        </Button>
      </Box>
    </Box>
  );
}
