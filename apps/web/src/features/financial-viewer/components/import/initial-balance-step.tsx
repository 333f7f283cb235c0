import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseEurosToCents } from '../../utils/money';
import { CancelSubmitButtons } from '../cancel-submit-buttons';
import { WizardActions } from './wizard-actions';

type InitialBalanceStepProps = {
  accountName: string;
  /** The balance before the file's first movement, in cents. */
  onDone: (cents: number) => void;
  onCancel: () => void;
};

/** The balance of an account before its first import, in euros with cents (step 0.01). */
export function InitialBalanceStep({ accountName, onDone, onCancel }: InitialBalanceStepProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('0');
  const cents = parseEurosToCents(text);

  function next(event: SyntheticEvent) {
    event.preventDefault();
    if (cents !== null) onDone(cents);
  }

  return (
    <Box component="form" noValidate onSubmit={next} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('financialViewer.import.initialBalanceIntro', { name: accountName })}
      </Typography>
      <TextField
        type="number"
        size="small"
        required
        label={t('financialViewer.import.initialBalance')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        error={text !== '' && cents === null}
        helperText={text !== '' && cents === null ? t('validation.invalid') : undefined}
        slotProps={{
          htmlInput: { step: 0.01 },
          input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
        }}
        sx={{ maxWidth: 320 }}
      />
      <WizardActions>
        <CancelSubmitButtons
          submitLabel={t('financialViewer.actions.next')}
          isSubmitDisabled={cents === null}
          onCancel={onCancel}
        />
      </WizardActions>
    </Box>
  );
}
