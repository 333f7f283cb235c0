import {
  FINANCIAL_VIEWER_ERRORS,
  FINANCIAL_VIEWER_VALIDATION,
  type TBank,
  type TConnection,
} from '@app/contracts/financial-viewer';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateConnection } from '../../api/create-connection';
import { useBanks } from '../../api/get-banks';
import { fieldErrorKey, getViewerErrorMessage, hasErrorCode } from '../../utils/error-text';
import { isDuplicateName } from '../../utils/names';
import { BankLogo } from '../bank-logo';
import { CancelSubmitButtons } from '../cancel-submit-buttons';
import { WizardActions } from './wizard-actions';

/** Spec §9: the bank autocomplete's list is at most 140 px high. */
export const BANK_LIST_MAX_HEIGHT = 140;

type ConnectionStepProps = {
  connections: TConnection[];
  /** Whether the plan lets one more connection in. */
  canAdd: boolean;
  onExisting: (connection: TConnection) => void;
  onCreated: (connection: TConnection) => void;
  onPlanExceeded: () => void;
  onCancel: () => void;
};

/** Step 1: an existing connected (OK) connection, or a new one named and tied to a bank. */
export function ConnectionStep({
  connections,
  canAdd,
  onExisting,
  onCreated,
  onPlanExceeded,
  onCancel,
}: ConnectionStepProps) {
  const { t } = useTranslation();
  const connected = connections.filter((connection) => connection.conStatus === 'OK');
  const [mode, setMode] = useState<'existing' | 'new'>(connected.length > 0 ? 'existing' : 'new');
  const [conId, setConId] = useState(connected[0]?.conId ?? '');
  const [name, setName] = useState('');
  const [bank, setBank] = useState<TBank | null>(null);
  const banks = useBanks();
  const create = useCreateConnection();

  const isDuplicate = isDuplicateName(
    name,
    connections.map((connection) => connection.conName),
  );
  const serverNameError =
    create.isError && create.variables.conName === name.trim()
      ? fieldErrorKey(create.error, 'conName')
      : undefined;
  const nameError = isDuplicate ? FINANCIAL_VIEWER_VALIDATION.connectionExists : serverNameError;
  const createError =
    create.isError &&
    fieldErrorKey(create.error, 'conName') === undefined &&
    !hasErrorCode(create.error, FINANCIAL_VIEWER_ERRORS.planExceeded)
      ? getViewerErrorMessage(t, create.error)
      : undefined;
  const canGoOn =
    mode === 'existing'
      ? conId !== ''
      : name.trim() !== '' && nameError === undefined && bank !== null;

  function next(event: SyntheticEvent) {
    event.preventDefault();
    if (!canGoOn) return;
    if (mode === 'existing') {
      const chosen = connected.find((connection) => connection.conId === conId);
      if (chosen) onExisting(chosen);
      return;
    }
    if (!canAdd) {
      onPlanExceeded();
      return;
    }
    if (bank === null) return;
    create.mutate(
      { conName: name.trim(), source: 'FILE', bankCode: bank.bank_code },
      {
        onSuccess: (connection) => {
          onCreated(connection);
        },
        onError: (error) => {
          if (hasErrorCode(error, FINANCIAL_VIEWER_ERRORS.planExceeded)) onPlanExceeded();
        },
      },
    );
  }

  return (
    <Box component="form" noValidate onSubmit={next} sx={{ display: 'grid', gap: 2 }}>
      <RadioGroup
        value={mode}
        aria-label={t('financialViewer.import.connectionChoice')}
        onChange={(event) => {
          setMode(event.target.value === 'new' ? 'new' : 'existing');
        }}
      >
        <FormControlLabel
          value="existing"
          control={<Radio />}
          label={t('financialViewer.import.useExisting')}
          disabled={connected.length === 0}
        />
        <FormControlLabel
          value="new"
          control={<Radio />}
          label={t('financialViewer.import.createNew')}
        />
      </RadioGroup>
      {connected.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('financialViewer.import.noConnected')}
        </Typography>
      ) : null}
      {mode === 'existing' ? (
        <TextField
          select
          size="small"
          label={t('financialViewer.import.connection')}
          value={conId}
          onChange={(event) => {
            setConId(event.target.value);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {connected.map((connection) => (
            <option key={connection.conId} value={connection.conId}>
              {connection.conEntityName
                ? `${connection.conName} · ${connection.conEntityName}`
                : connection.conName}
            </option>
          ))}
        </TextField>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            size="small"
            required
            label={t('financialViewer.connections.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
            }}
            error={nameError !== undefined}
            helperText={nameError ? t(nameError) : undefined}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <Autocomplete
            options={banks.data ?? []}
            loading={banks.isPending}
            value={bank}
            onChange={(_event, value) => {
              setBank(value);
            }}
            getOptionLabel={(option) => option.bank_name}
            isOptionEqualToValue={(option, value) => option.bank_code === value.bank_code}
            getOptionKey={(option) => option.bank_code}
            renderOption={(props, option) => {
              const { key, ...rest } = props;
              return (
                <Box
                  component="li"
                  key={key}
                  {...rest}
                  sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
                >
                  <BankLogo logo={option.logo} size={24} />
                  <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
                    {option.bank_name}
                  </Box>
                  <Typography component="span" variant="caption" color="text.secondary">
                    {option.country_code}
                  </Typography>
                </Box>
              );
            }}
            slotProps={{ listbox: { sx: { maxHeight: BANK_LIST_MAX_HEIGHT } } }}
            noOptionsText={t('financialViewer.import.noBanks')}
            loadingText={t('common.loading')}
            renderInput={(params) => (
              <TextField
                {...params}
                size="small"
                required
                label={t('financialViewer.import.bank')}
              />
            )}
          />
        </Box>
      )}
      {createError ? <Alert severity="error">{createError}</Alert> : null}
      <WizardActions>
        <CancelSubmitButtons
          submitLabel={t('financialViewer.actions.next')}
          isSubmitDisabled={!canGoOn}
          isPending={create.isPending}
          onCancel={onCancel}
        />
      </WizardActions>
    </Box>
  );
}
