import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { FILTER_DEBOUNCE_MS, matchesFilterText } from '../utils/catalogue-search';

export type FacetItem = { code: string; label: string };

/** From this many items a list gets its search box (spec §2: only when there are several). */
export const FACET_SEARCH_MIN_ITEMS = 6;

type FacetListProps = {
  title: string;
  items: FacetItem[];
  selected: string[];
  onChange: (codes: string[]) => void;
};

/** One facet of the filter panel: its elements as check boxes, searchable when there are many. */
export function FacetList({ title, items, selected, onChange }: FacetListProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [text, setText] = useState('');
  const filterText = useDebouncedValue(text, FILTER_DEBOUNCE_MS);
  const shown = items.filter((item) => matchesFilterText(item.label, filterText));
  return (
    <Box component="fieldset" aria-labelledby={titleId} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography id={titleId} variant="subtitle2" component="legend" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {items.length >= FACET_SEARCH_MIN_ITEMS ? (
        <TextField
          size="small"
          fullWidth
          type="search"
          label={t('dataverse.filters.searchIn', { name: title })}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
          sx={{ my: 1 }}
        />
      ) : null}
      <Box sx={{ display: 'grid', maxHeight: 240, overflowY: 'auto', px: 0.5 }}>
        {shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {t('dataverse.filters.noResults')}
          </Typography>
        ) : (
          shown.map((item) => (
            <FormControlLabel
              key={item.code}
              label={item.label}
              control={
                <Checkbox
                  size="small"
                  checked={selected.includes(item.code)}
                  onChange={(event) => {
                    onChange(
                      event.target.checked
                        ? [...selected, item.code]
                        : selected.filter((code) => code !== item.code),
                    );
                  }}
                />
              }
            />
          ))
        )}
      </Box>
    </Box>
  );
}
