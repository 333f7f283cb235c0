import type { TCategorySummary } from '@app/contracts/financial-viewer';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../lib/format';
import { formatCents, formatShare } from '../../utils/money';

type CategoryLegendProps = {
  summaries: TCategorySummary[];
  currency: string;
  onSelect: (summary: TCategorySummary) => void;
};

function Swatch({ color }: { color: string }) {
  return (
    <Box
      aria-hidden
      sx={{ width: 14, height: 14, borderRadius: '4px', bgcolor: color, flex: 'none' }}
    />
  );
}

/** One accordion per parent: total, share and count; inside, its sub-categories' totals. */
export function CategoryLegend({ summaries, currency, onSelect }: CategoryLegendProps) {
  const { t } = useTranslation();
  const sum = summaries.reduce((total, summary) => total + summary.total, 0);
  return (
    <Box
      component="section"
      aria-label={t('financialViewer.analysis.categorization.legend')}
      sx={{ display: 'grid' }}
    >
      {summaries.map((summary) => {
        const share = formatShare(sum === 0 ? 0 : summary.total / sum);
        return (
          <Accordion key={summary.parentId} disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Box
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  columnGap: 1.5,
                  rowGap: 0.5,
                  width: '100%',
                }}
              >
                <Swatch color={summary.color} />
                <Typography sx={{ fontWeight: 600, flex: '1 1 8rem' }}>
                  {summary.description}
                </Typography>
                <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCents(summary.total, currency)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('financialViewer.analysis.categorization.shareAndCount', {
                    share,
                    number: formatCount(summary.count),
                  })}
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails sx={{ display: 'grid', gap: 1 }}>
              <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 0.5 }}>
                {summary.subcategories.map((subcategory) => (
                  <Box
                    component="li"
                    key={subcategory.catId}
                    sx={{ display: 'flex', alignItems: 'center', gap: 1, listStyle: 'none' }}
                  >
                    <Swatch color={subcategory.color} />
                    <Typography variant="body2" sx={{ flex: 1 }}>
                      {subcategory.description}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('financialViewer.analysis.categorization.count', {
                        number: formatCount(subcategory.count),
                      })}
                    </Typography>
                    <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatCents(subcategory.total, currency)}
                    </Typography>
                  </Box>
                ))}
              </Box>
              <Box>
                <Button
                  size="small"
                  onClick={() => {
                    onSelect(summary);
                  }}
                >
                  {t('financialViewer.analysis.categorization.seeTransactions', {
                    category: summary.description,
                  })}
                </Button>
              </Box>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
