import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCS_URL, IS_DOCS_DISABLED } from '../../../lib/config';

const HELP_POINTS = ['search', 'filters', 'details', 'buy', 'sell'] as const;

/** The catalogue's help accordion and its link to the product documentation. */
export function CatalogueHelp() {
  const { t } = useTranslation();
  const summaryId = useId();
  return (
    <Accordion variant="outlined" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={summaryId}>
        <Typography>{t('dataverse.help.title')}</Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gap: 1 }}>
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {HELP_POINTS.map((point) => (
            <Typography component="li" variant="body2" key={point}>
              {t(`dataverse.help.${point}`)}
            </Typography>
          ))}
        </Box>
        {IS_DOCS_DISABLED || DOCS_URL === null ? (
          <Typography variant="body2" color="text.disabled" aria-disabled="true">
            {t('dataverse.help.documentation')}
          </Typography>
        ) : (
          <Link href={DOCS_URL} target="_blank" rel="noopener noreferrer" variant="body2">
            {t('dataverse.help.documentation')}
          </Link>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
