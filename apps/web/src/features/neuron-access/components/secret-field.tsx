import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type SecretFieldProps = {
  id: string;
  label: string;
  value: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  onChange: (value: string) => void;
};

/** A token field, hidden by default, with a button that shows or hides it. */
export function SecretField({
  id,
  label,
  value,
  required,
  error,
  helperText,
  onChange,
}: SecretFieldProps) {
  const { t } = useTranslation();
  const [isShown, setShown] = useState(false);
  return (
    <TextField
      id={id}
      fullWidth
      size="small"
      label={label}
      required={required}
      error={error}
      helperText={helperText}
      type={isShown ? 'text' : 'password'}
      autoComplete="off"
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      slotProps={{
        htmlInput: { spellCheck: false, sx: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={t('neuronAccess.token.show')}
                aria-pressed={isShown}
                onClick={() => {
                  setShown((shown) => !shown);
                }}
              >
                {isShown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
