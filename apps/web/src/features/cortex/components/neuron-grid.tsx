import type { TNeuron } from '@app/contracts/catalogue';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useNeurons } from '../api/get-neurons';
import { getCortexErrorMessage } from '../utils/error-text';
import { CardSkeletonList } from './card-skeleton';

type NeuronGridProps = {
  /** Cards per row on wide screens (one on phones). */
  columns: 2 | 3;
  hasChart?: boolean;
  renderCard: (neuron: TNeuron) => ReactNode;
};

/** A card per neuron of the catalogue, with its loading, error and empty states. */
export function NeuronGrid({ columns, hasChart = false, renderCard }: NeuronGridProps) {
  const { t } = useTranslation();
  const neuronsQuery = useNeurons();
  if (neuronsQuery.isPending) {
    return <CardSkeletonList label={t('cortex.loadingModules')} hasChart={hasChart} />;
  }
  if (neuronsQuery.isError) {
    return (
      <LoadError
        error={neuronsQuery.error}
        message={getCortexErrorMessage(t, neuronsQuery.error)}
        onRetry={() => {
          void neuronsQuery.refetch();
        }}
      />
    );
  }
  if (neuronsQuery.data.length === 0) {
    return <Typography color="text.secondary">{t('cortex.noModules')}</Typography>;
  }
  const wide = columns === 3 ? 'md' : 'lg';
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          [wide]: `repeat(${String(columns)}, minmax(0, 1fr))`,
        },
      }}
    >
      {neuronsQuery.data.map((neuron) => renderCard(neuron))}
    </Box>
  );
}
