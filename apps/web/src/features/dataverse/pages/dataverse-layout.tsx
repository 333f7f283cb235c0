import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import '../i18n/register';
import { CATALOGUE_PATH, DATAVERSE_BASE_PATH, PURCHASES_PATH } from '../utils/paths';

/**
 * Dataverse: the spec's left vertical tabs (Data Catalog, and METRICS, disabled) beside the
 * chosen page. Below the md breakpoint the tabs sit on top and scroll, so 360 px works.
 */
export function DataverseLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'));
  const { pathname } = useLocation();
  let current: string | false = false;
  if (pathname.startsWith(CATALOGUE_PATH)) current = CATALOGUE_PATH;
  // A purchase's page belongs to the purchases tab.
  if (pathname.startsWith(`${DATAVERSE_BASE_PATH}/purchase`)) current = PURCHASES_PATH;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        {t('dataverse.title')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, minWidth: 0 }}
      >
        <Tabs
          orientation={isWide ? 'vertical' : 'horizontal'}
          variant={isWide ? 'standard' : 'scrollable'}
          allowScrollButtonsMobile
          value={current}
          aria-label={t('dataverse.tabs.label')}
          sx={{
            borderRight: { md: 1 },
            borderBottom: { xs: 1, md: 0 },
            borderColor: 'divider',
            minWidth: { md: 180 },
            flexShrink: 0,
          }}
        >
          <Tab
            value={CATALOGUE_PATH}
            label={t('dataverse.tabs.catalogue')}
            component={RouterLink}
            to={CATALOGUE_PATH}
            sx={{ alignItems: { md: 'flex-start' } }}
          />
          <Tab
            value={PURCHASES_PATH}
            label={t('dataverse.tabs.purchases')}
            component={RouterLink}
            to={PURCHASES_PATH}
            sx={{ alignItems: { md: 'flex-start' } }}
          />
          <Tab
            value="metrics"
            label={t('dataverse.tabs.metrics')}
            disabled
            sx={{ alignItems: { md: 'flex-start' } }}
          />
        </Tabs>
        <Box sx={{ flexGrow: 1, p: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Paper>
    </Box>
  );
}
