import '../i18n/register';
import type { TDocumentInsightsResponse } from '@app/contracts/legal-mind';
import type { UsagePeriod } from '@app/contracts/neuron-access';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { LoadError } from '../../../components/load-error';
import { useDocumentInsights } from '../api/get-document-insights';
import { ChartCard } from '../../../components/chart-card';
import { PeriodSwitch } from '../../../components/period-switch';
import { ENTITY_LABELS, entityLabelName } from '../utils/entity-labels';
import { getInsightsErrorMessage } from '../utils/get-insights-error-message';

const COUNT = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0, useGrouping: 'always' });
const DAY_MS = 86_400_000;

/** A calendar day (yyyy-MM-dd) as dd-MM-yyyy, or dd-MM on an axis: no zone shifts a date. */
function formatDay(value: unknown, short = false): string {
  if (typeof value !== 'string') return '';
  const [year = '', month = '', day = ''] = value.split('-');
  return short ? `${day}-${month}` : `${day}-${month}-${year}`;
}

/** Every UTC day of the period, the days without documents as zeros. */
function everyDay(insights: TDocumentInsightsResponse, now = new Date()) {
  const byDay = new Map(insights.days.map((row) => [row.day, row]));
  const start = new Date(insights.from);
  if (Number.isNaN(start.getTime())) return insights.days;
  const last = now.toISOString().slice(0, 10);
  const rows: TDocumentInsightsResponse['days'] = [];
  let cursor = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  for (let index = 0; index < 400; index += 1) {
    const day = new Date(cursor).toISOString().slice(0, 10);
    if (day > last) break;
    rows.push(byDay.get(day) ?? { day, documents: 0, findings: 0 });
    cursor += DAY_MS;
  }
  return rows;
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={label}
      sx={{ p: 2, display: 'grid', gap: 0.5, minWidth: 0 }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {COUNT.format(value)}
      </Typography>
    </Paper>
  );
}

function InsightsCharts({ insights }: { insights: TDocumentInsightsResponse }) {
  const { t } = useTranslation();
  const kinds = useMemo(
    () =>
      [...insights.kinds]
        .sort(
          (a, b) =>
            b.findings - a.findings ||
            ENTITY_LABELS.indexOf(a.label as never) - ENTITY_LABELS.indexOf(b.label as never),
        )
        .map((kind) => ({ ...kind, name: entityLabelName(t, kind.label) })),
    [insights.kinds, t],
  );
  const days = useMemo(() => everyDay(insights), [insights]);
  const count = (value: unknown) => (typeof value === 'number' ? COUNT.format(value) : '');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <ChartCard
        title={t('anonymizer.insights.byKind')}
        height={Math.max(200, kinds.length * 32 + 40)}
      >
        <BarChart data={kinds} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tickFormatter={count} fontSize={12} />
          <YAxis type="category" dataKey="name" width={120} fontSize={12} interval={0} />
          <Tooltip formatter={count} />
          <Bar
            dataKey="findings"
            name={t('anonymizer.insights.findings')}
            fill="#6a1b9a"
            isAnimationActive={false}
          />
        </BarChart>
      </ChartCard>
      <ChartCard title={t('anonymizer.insights.perDay')} height={260}>
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={(value: unknown) => formatDay(value, true)}
            minTickGap={16}
            fontSize={12}
          />
          <YAxis allowDecimals={false} tickFormatter={count} fontSize={12} />
          <Tooltip labelFormatter={(value: unknown) => formatDay(value)} formatter={count} />
          <Bar
            dataKey="documents"
            name={t('anonymizer.insights.documents')}
            fill="#1565c0"
            isAnimationActive={false}
          />
        </BarChart>
      </ChartCard>
      <Box
        component="section"
        aria-label={t('anonymizer.insights.byKind')}
        sx={{ gridColumn: '1 / -1' }}
      >
        <Box component="ul" sx={{ m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {kinds.map((kind) => (
            <Box
              component="li"
              key={kind.label}
              sx={{
                listStyle: 'none',
                px: 1.5,
                py: 0.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 4,
              }}
            >
              <Typography variant="body2">
                {t('anonymizer.insights.kindLine', {
                  name: kind.name,
                  findings: COUNT.format(kind.findings),
                  documents: COUNT.format(kind.documents),
                  count: kind.documents,
                })}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

/**
 * What kinds of personal data the team's LegalMind documents held over a period: documents,
 * characters and findings, findings by kind, and documents per day. Only counts are kept.
 */
export function DocumentsInsightsPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<UsagePeriod>('month');
  const insights = useDocumentInsights(period);

  let content;
  if (insights.isError) {
    content = (
      <LoadError
        error={insights.error}
        message={getInsightsErrorMessage(t, insights.error)}
        onRetry={() => void insights.refetch()}
      />
    );
  } else if (insights.data === undefined) {
    content = (
      <Box
        role="status"
        aria-busy="true"
        aria-label={t('common.loading')}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Skeleton variant="rounded" height={88} />
        <Skeleton variant="rounded" height={260} />
      </Box>
    );
  } else {
    const data = insights.data;
    content = (
      <>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          <Figure label={t('anonymizer.insights.documents')} value={data.documents} />
          <Figure label={t('anonymizer.insights.characters')} value={data.characters} />
          <Figure label={t('anonymizer.insights.findings')} value={data.findings} />
        </Box>
        {data.documents === 0 ? (
          <Alert severity="info">{t('anonymizer.insights.empty')}</Alert>
        ) : (
          <InsightsCharts insights={data} />
        )}
      </>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            {t('anonymizer.insights.title')}
          </Typography>
          <Typography color="text.secondary">{t('anonymizer.insights.subtitle')}</Typography>
        </Box>
        <PeriodSwitch value={period} onChange={setPeriod} />
      </Box>
      <Alert severity="info" icon={<ShieldOutlinedIcon />}>
        {t('anonymizer.insights.privacy')}
      </Alert>
      <Box aria-busy={insights.isFetching} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        {content}
      </Box>
    </Box>
  );
}
