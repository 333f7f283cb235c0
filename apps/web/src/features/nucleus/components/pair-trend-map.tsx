import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../lib/format';
import { findPair, pairColumns, type ReportPairTrend } from '../utils/report';

/** A score 0–1 as a colour from red (0.5 and below) through amber to green (1). */
function scoreColor(score: number): string {
  const share = Math.min(1, Math.max(0, (score - 0.5) / 0.5));
  const hue = Math.round(share * 120);
  return `hsl(${String(hue)}, 65%, ${String(88 - share * 18)}%)`;
}

/**
 * How well each pair of columns keeps its real association (correlation or Cramér's V), as a
 * heat map: a table whose cells carry the score in words and in colour. Scrolls in its box.
 */
export function PairTrendMap({ pairs }: { pairs: ReportPairTrend[] }) {
  const { t } = useTranslation();
  const columns = pairColumns(pairs);
  if (columns.length < 2) {
    return <Typography color="text.secondary">{t('nucleus.report.noPairs')}</Typography>;
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Box
          component="table"
          aria-label={t('nucleus.report.pairTrends')}
          sx={{ borderCollapse: 'collapse', fontSize: 12, '& th': { fontWeight: 500 } }}
        >
          <thead>
            <tr>
              <td />
              {columns.map((column) => (
                <Box
                  component="th"
                  scope="col"
                  key={column}
                  sx={{ p: 0.5, writingMode: 'vertical-rl', transform: 'rotate(180deg)' }}
                >
                  {column}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {columns.map((row) => (
              <tr key={row}>
                <Box
                  component="th"
                  scope="row"
                  sx={{ p: 0.5, textAlign: 'right', whiteSpace: 'nowrap' }}
                >
                  {row}
                </Box>
                {columns.map((column) => {
                  const pair = row === column ? undefined : findPair(pairs, row, column);
                  return (
                    <Box
                      component="td"
                      key={column}
                      title={
                        pair === undefined
                          ? undefined
                          : t('nucleus.report.pairDetail', {
                              real: pair.realAssociation.toFixed(2),
                              synthetic: pair.syntheticAssociation.toFixed(2),
                            })
                      }
                      sx={{
                        width: 40,
                        height: 32,
                        minWidth: 40,
                        textAlign: 'center',
                        border: 1,
                        borderColor: 'background.paper',
                        bgcolor: pair === undefined ? 'action.hover' : scoreColor(pair.score),
                        color: 'common.black',
                      }}
                    >
                      {pair === undefined ? '' : formatPercent(pair.score)}
                    </Box>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('nucleus.report.pairHelp')}
      </Typography>
    </Paper>
  );
}
