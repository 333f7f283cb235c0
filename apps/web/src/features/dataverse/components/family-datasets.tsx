import type { TDatasetEntry } from '@app/contracts/dataverse';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { datasetPath } from '../utils/paths';

type Family = NonNullable<TDatasetEntry['datasetFamily']>;

/** A family's datasets, each with the columns it includes (and those it leaves out). */
export function FamilyDatasets({
  family,
  currentId,
  pathOf,
}: {
  family: Family;
  currentId: string;
  /** Where a member's name links to (the catalogue's page or Axon's). */
  pathOf: typeof datasetPath;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('dataverse.family.title', { name: family.familyName })}
      sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Box>
        <Typography variant="h6" component="h3">
          {t('dataverse.family.title', { name: family.familyName })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {family.familyDescription}
        </Typography>
      </Box>
      {family.datasets.map((member) => (
        <Box
          key={member.datasetId}
          component="article"
          aria-label={member.datasetName}
          sx={{ display: 'grid', gap: 0.75 }}
        >
          <Typography variant="subtitle1" component="h4">
            {member.datasetId === currentId ? (
              member.datasetName
            ) : (
              <Link component={RouterLink} to={pathOf(member.datasetId)}>
                {member.datasetName}
              </Link>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('dataverse.family.included', { value: member.includeColumns.length })}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {member.includeColumns.map((column) => (
              <Chip key={column} size="small" label={column} />
            ))}
          </Box>
          {member.notIncludeColumns.length > 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('dataverse.family.notIncluded', { columns: member.notIncludeColumns.join(', ') })}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Paper>
  );
}
