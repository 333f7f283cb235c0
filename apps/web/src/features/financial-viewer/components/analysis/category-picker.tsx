import type { TCategory, TCategoryParent } from '@app/contracts/financial-viewer';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';

/** Every sub-category as the transaction's `category` shape, in the parents' order. */
export function flattenCategories(parents: TCategoryParent[]): TCategory[] {
  return parents.flatMap((parent) =>
    parent.subcategories.map((subcategory) => ({
      catId: subcategory.catId,
      description: subcategory.description,
      parentId: parent.parentId,
      parentDescription: parent.description,
      color: subcategory.color,
    })),
  );
}

type CategoryPickerProps = {
  label: string;
  options: TCategory[];
  value: TCategory;
  disabled?: boolean;
  onChange: (category: TCategory) => void;
};

/** A searchable category list grouped by parent. */
export function CategoryPicker({ label, options, value, disabled, onChange }: CategoryPickerProps) {
  // The current category is always an option, even before the list has loaded.
  const choices = useMemo(
    () => (options.some((option) => option.catId === value.catId) ? options : [value, ...options]),
    [options, value],
  );
  const selected = choices.find((option) => option.catId === value.catId) ?? value;
  return (
    <Autocomplete
      size="small"
      fullWidth
      disableClearable
      disabled={disabled}
      options={choices}
      value={selected}
      groupBy={(option) => option.parentDescription}
      getOptionLabel={(option) => option.description}
      isOptionEqualToValue={(option, current) => option.catId === current.catId}
      onChange={(_, next) => {
        if (next.catId !== value.catId) onChange(next);
      }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1 }}>
          <Box
            aria-hidden
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: option.color, flex: 'none' }}
          />
          {option.description}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': label },
          }}
        />
      )}
      // The data grid would take the arrow and letter keys for its own navigation.
      onKeyDown={(event) => {
        event.stopPropagation();
      }}
    />
  );
}
