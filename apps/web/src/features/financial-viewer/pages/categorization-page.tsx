import type { TCategorySummary } from '@app/contracts/financial-viewer';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategorization } from '../api/get-categorization';
import { ViewerLoadError } from '../components/viewer-load-error';
import {
  AccountFilters,
  defaultAccountFilter,
  toFilterQuery,
  type AccountFilterValue,
} from '../components/account-filters';
import { CategoryCharts } from '../components/analysis/category-charts';
import { CategoryDrilldownDialog } from '../components/analysis/category-drilldown-dialog';
import { CategoryLegend } from '../components/analysis/category-legend';

/** Spec §9: categorisation covers the last 2 years by default. */
const DEFAULT_YEARS = 2;

type Kind = 'expenses' | 'incomes';

/**
 * Expenses and incomes by parent category: a donut, a bar chart and legend accordions; a
 * parent opens its transactions, where each one's category can be changed.
 */
export function CategorizationPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AccountFilterValue>(() =>
    defaultAccountFilter(DEFAULT_YEARS),
  );
  const [kind, setKind] = useState<Kind>('expenses');
  const [selected, setSelected] = useState<TCategorySummary | null>(null);
  const query = useMemo(() => toFilterQuery(filter), [filter]);
  const categorization = useCategorization(query);
  const summaries = useMemo(
    () =>
      (categorization.data?.[kind] ?? [])
        .filter((summary) => summary.total > 0)
        .sort((a, b) => b.total - a.total),
    [categorization.data, kind],
  );

  let content;
  if (categorization.isPending) {
    content = (
      <Box aria-busy="true" sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={280} />
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  } else if (categorization.isError) {
    content = (
      <ViewerLoadError error={categorization.error} onRetry={() => void categorization.refetch()} />
    );
  } else if (summaries.length === 0) {
    content = <Alert severity="info">{t('financialViewer.empty')}</Alert>;
  } else {
    content = (
      <>
        <CategoryCharts kind={kind} summaries={summaries} onSelect={setSelected} />
        <CategoryLegend
          summaries={summaries}
          currency={categorization.data.currency}
          onSelect={setSelected}
        />
      </>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <AccountFilters value={filter} onChange={setFilter} />
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={kind}
        aria-label={t('financialViewer.analysis.categorization.kind')}
        sx={{ justifySelf: 'start' }}
        onChange={(_, next: Kind | null) => {
          if (next !== null) setKind(next);
        }}
      >
        <ToggleButton value="expenses">
          {t('financialViewer.analysis.categorization.expenses')}
        </ToggleButton>
        <ToggleButton value="incomes">
          {t('financialViewer.analysis.categorization.incomes')}
        </ToggleButton>
      </ToggleButtonGroup>
      {content}
      <CategoryDrilldownDialog
        parent={selected}
        amountSign={kind === 'expenses' ? 'expense' : 'income'}
        filters={query}
        onClose={() => {
          setSelected(null);
        }}
      />
    </Box>
  );
}
