import type { TPlan } from '@app/contracts/catalogue';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '../../../lib/format';

type Feature = { key: string; value: number | null };

/** Spec 001 section 9: the wording of a plan's limits depends on the neuron. */
export function getPlanFeatures(neuron: string, plan: TPlan): Feature[] {
  const features: Feature[] =
    neuron === 'Nucleus'
      ? [
          { key: 'billing.features.rowsPerMonth', value: plan.planRowsLimitMonthly },
          { key: 'billing.features.runsPerMonth', value: plan.planOutputsLimitMonthly },
          { key: 'billing.features.rowsPerRun', value: plan.planNumRows },
          { key: 'billing.features.columnsPerRun', value: plan.planNumColumns },
          { key: 'billing.features.datasetsPerRun', value: plan.planNumTables },
          { key: 'billing.features.concurrentJobs', value: plan.planNumConcurrentJobs },
        ]
      : [
          { key: 'billing.features.apiCallsPerMonth', value: plan.planCallsLimitMonthly },
          {
            key:
              neuron === 'FinancialViewer'
                ? 'billing.features.banksPerMonth'
                : neuron === 'LegalMind'
                  ? 'billing.features.documentsPerMonth'
                  : 'billing.features.predictionsPerMonth',
            value: plan.planOutputsLimitMonthly,
          },
          ...(neuron === 'LegalMind'
            ? [
                {
                  key: 'billing.features.charactersPerDocument',
                  value: plan.planMaxDocumentCharacters,
                },
              ]
            : []),
        ];
  return features.filter((feature) => feature.value !== null);
}

/** The limits of a plan, compact-formatted in the UI language. */
export function PlanFeatures({ neuron, plan }: { neuron: string; plan: TPlan }) {
  const { t, i18n } = useTranslation();
  const features = getPlanFeatures(neuron, plan);
  if (features.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {features.map((feature) => (
        <Typography
          component="li"
          variant="body2"
          key={feature.key}
          sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
        >
          <CheckIcon fontSize="small" color="success" aria-hidden="true" />
          {t(feature.key, {
            count: feature.value ?? 0,
            value: formatCompact(feature.value ?? 0, i18n.language),
          })}
        </Typography>
      ))}
    </Box>
  );
}
