import { DIMENSION_CODES, type TDatasetEntry } from '@app/contracts/dataverse';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/auth';
import { formatCount } from '../../../lib/format';
import {
  formatDatasetDate,
  formatDiskSize,
  formatScore,
  userTimeZone,
} from '../utils/dataset-format';

type Fact = { label: string; value: ReactNode };

function FactList({ label, facts }: { label: string; facts: Fact[] }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
      }}
    >
      {facts.map((fact) => (
        <Box key={fact.label} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            variant="body2"
            color="text.secondary"
            sx={{ mt: { xs: 1, sm: 0 } }}
          >
            {fact.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ExternalLink({ name, url }: { name: string; url: string | null }) {
  if (url === null) return name;
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer">
      {name}
    </Link>
  );
}

/**
 * The Dataset entry's facts: counts, dates (yyyy-MM-dd in the user's time zone), country,
 * industry, provider, history, frequency, disk size, licence and source; then the two scores,
 * each with how it was computed.
 */
export function DatasetFacts({ entry }: { entry: TDatasetEntry }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const timeZone = userTimeZone(user);
  const { dataset } = entry;
  const dash = t('dataverse.details.none');
  const nature = dataset.metadata.find(
    (item) => item.dimensionCode === DIMENSION_CODES.NATURE,
  )?.domel;
  const facts: Fact[] = [
    { label: t('dataverse.details.rows'), value: formatCount(entry.numberOfRows) },
    { label: t('dataverse.details.columns'), value: formatCount(dataset.numberOfVariables) },
    { label: t('dataverse.details.diskSize'), value: formatDiskSize(entry.diskSize) },
    {
      label: t('dataverse.details.created'),
      value: formatDatasetDate(dataset.creationDate, timeZone),
    },
    {
      label: t('dataverse.details.updated'),
      value: formatDatasetDate(dataset.lastUpdateDate, timeZone),
    },
    { label: t('dataverse.details.country'), value: dataset.country?.domelDesc ?? dash },
    {
      label: t('dataverse.details.industry'),
      value: dataset.industries.map((industry) => industry.domelDesc).join(', ') || dash,
    },
    { label: t('dataverse.details.provider'), value: dataset.providerName || dash },
    {
      label: t('dataverse.details.contributors'),
      value: dataset.contributors.join(', ') || dash,
    },
    { label: t('dataverse.details.nature'), value: nature?.domelDesc ?? dash },
    { label: t('dataverse.details.frequency'), value: dataset.frequency || dash },
    { label: t('dataverse.details.history'), value: dataset.history || dash },
    {
      label: t('dataverse.details.versions'),
      value:
        entry.versions.length === 0 ? (
          dash
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {entry.versions.map((version) => (
              <li key={version.dsiId}>
                {t('dataverse.details.version', {
                  version: version.version,
                  date: formatDatasetDate(version.confirmedDate, timeZone),
                  rows: formatCount(version.numberOfRows),
                  count: version.numberOfRows,
                })}
              </li>
            ))}
          </Box>
        ),
    },
    {
      label: t('dataverse.details.licence'),
      value: <ExternalLink name={entry.licence.name} url={entry.licence.url} />,
    },
    {
      label: t('dataverse.details.source'),
      value: <ExternalLink name={entry.source.name} url={entry.source.url} />,
    },
  ];
  const scores = [
    { label: t('dataverse.details.qualityScore'), score: entry.qualityScore },
    { label: t('dataverse.details.utilityScore'), score: entry.utilityScore },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
        <FactList label={t('dataverse.details.facts')} facts={facts} />
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        {scores.map(({ label, score }) => (
          <Paper
            key={label}
            variant="outlined"
            component="section"
            aria-label={label}
            sx={{ p: 2, display: 'grid', gap: 0.5 }}
          >
            <Typography variant="subtitle2" component="h3">
              {label}
            </Typography>
            <Typography variant="h5" component="p">
              {formatScore(score.value) ?? dash}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {score.domelDesc}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
