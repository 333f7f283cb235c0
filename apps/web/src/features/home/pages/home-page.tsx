import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import HubIcon from '@mui/icons-material/Hub';
import StorageIcon from '@mui/icons-material/Storage';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { hasRole } from '@app/contracts/roles';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../lib/auth';
import { FirstModuleNotice } from '../components/first-module-notice';

type AreaCardProps = {
  icon: ReactNode;
  title: string;
  description: string;
  points: string[];
  /** The plans pages of the area's neurons (not shown to invited members). */
  links?: { label: string; to: string }[];
};

function AreaCard({ icon, title, description, points, links = [] }: AreaCardProps) {
  return (
    <Card variant="outlined" component="article" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ color: 'primary.main' }} aria-hidden="true">
          {icon}
        </Box>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary">{description}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {points.map((point) => (
            <Typography component="li" variant="body2" key={point}>
              {point}
            </Typography>
          ))}
        </Box>
        {links.length > 0 ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {links.map((link) => (
              <Link key={link.to} component={RouterLink} to={link.to}>
                {link.label}
              </Link>
            ))}
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The three product areas of the platform. */
export function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const iconSx = { fontSize: 40 };
  const canBuy = user !== undefined && !hasRole(user.roles, 'GUEST');
  const plansOf = (neuron: string, name: string) =>
    canBuy ? [{ label: t('home.plans', { name }), to: `/neurons/${neuron}/plans` }] : [];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {user?.firstName ? t('home.welcomeName', { name: user.firstName }) : t('home.welcome')}
        </Typography>
        <Typography color="text.secondary">{t('home.intro')}</Typography>
      </Box>
      {user ? <FirstModuleNotice roles={user.roles} /> : null}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: 'repeat(3, 1fr)' } }}>
        <AreaCard
          icon={<HubIcon sx={iconSx} />}
          title={t('home.neurons.title')}
          description={t('home.neurons.description')}
          points={[t('home.neurons.financialViewer'), t('home.neurons.legalMind')]}
          links={[
            ...plansOf('FinancialViewer', 'Financial Viewer'),
            ...plansOf('LegalMind', 'LegalMind'),
          ]}
        />
        <AreaCard
          icon={<AutoAwesomeIcon sx={iconSx} />}
          title={t('home.nucleus.title')}
          description={t('home.nucleus.description')}
          points={[t('home.nucleus.generation'), t('home.nucleus.quality')]}
          links={plansOf('Nucleus', 'Nucleus')}
        />
        <AreaCard
          icon={<StorageIcon sx={iconSx} />}
          title={t('home.dataverse.title')}
          description={t('home.dataverse.description')}
          points={[t('home.dataverse.catalogue'), t('home.dataverse.monetization')]}
          links={[{ label: t('home.dataverse.open'), to: '/dataverse/data-catalog' }]}
        />
      </Box>
    </Box>
  );
}
