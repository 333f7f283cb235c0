import '../i18n/register';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useNeuronInfo } from '../api/get-neuron-info';
import {
  isNeuronPage,
  MODULE_PATHS,
  neuronHomePage,
  neuronPages,
  neuronPath,
} from '../utils/neuron-pages';
import { ScrollableTabs } from '../../../components/scrollable-tabs';

/**
 * A neuron's pages under /neurons/:neuron: its name, a row of tabs (scrolling on phones) and
 * the chosen page. A neuron with module pages of its own (the Financial Viewer) gets a tab back
 * to them. An address of a page the neuron does not have opens its first page.
 */
export function NeuronLayout() {
  const { t } = useTranslation();
  const { neuron = '' } = useParams();
  const { pathname } = useLocation();
  const info = useNeuronInfo(neuron);
  const pages = neuronPages(neuron);
  const segment = pathname.split('/')[3] ?? '';
  const page = isNeuronPage(segment) && pages.includes(segment) ? segment : null;
  if (page === null) return <Navigate to={neuronPath(neuron, neuronHomePage(neuron))} replace />;

  const name = info.data?.name ?? neuron;
  const modulePath = MODULE_PATHS[neuron];
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h6" component="p" color="text.secondary">
        {name}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
        <ScrollableTabs value={page} aria-label={t('neuronAccess.tabs.label', { name })}>
          {modulePath === undefined ? null : (
            <Tab
              value="module"
              label={name}
              icon={<ArrowBackIcon fontSize="small" />}
              iconPosition="start"
              component={RouterLink}
              to={modulePath}
              sx={{ minHeight: 48 }}
            />
          )}
          {pages.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              label={t(`neuronAccess.tabs.${tab}`)}
              component={RouterLink}
              to={neuronPath(neuron, tab)}
            />
          ))}
        </ScrollableTabs>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
