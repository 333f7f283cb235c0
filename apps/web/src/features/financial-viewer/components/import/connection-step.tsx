import { VALIDATION } from '@app/contracts/common';
import {
  FINANCIAL_VIEWER_ERRORS,
  FINANCIAL_VIEWER_VALIDATION,
  type TBank,
  type TConnection,
} from '@app/contracts/financial-viewer';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form } from '../../../../components/form/form';
import { FormSelect } from '../../../../components/form/form-select';
import { FormTextField } from '../../../../components/form/form-text-field';
import { useCreateConnection } from '../../api/create-connection';
import { useBanks } from '../../api/get-banks';
import { getViewerErrorMessage, hasErrorCode } from '../../utils/error-text';
import { isDuplicateName } from '../../utils/names';
import { BankLogo } from '../bank-logo';
import { WizardFormActions } from './wizard-actions';

/** Spec §9: the bank autocomplete's list is at most 140 px high. */
export const BANK_LIST_MAX_HEIGHT = 140;

type ConnectionChoice = {
  mode: 'existing' | 'new';
  conId: string;
  name: string;
  bank: TBank | null;
};

/** An existing connection chosen, or a new one named (none of the OK ones') with its bank. */
function connectionChoiceForm(names: readonly string[]) {
  return z
    .object({
      mode: z.enum(['existing', 'new']),
      conId: z.string(),
      name: z.string().trim(),
      bank: z.custom<TBank>().nullable(),
    })
    .superRefine((choice, context) => {
      if (choice.mode === 'existing') {
        if (choice.conId === '') {
          context.addIssue({ code: 'custom', path: ['conId'], message: VALIDATION.required });
        }
        return;
      }
      if (choice.name === '') {
        context.addIssue({ code: 'custom', path: ['name'], message: VALIDATION.required });
      } else if (isDuplicateName(choice.name, names)) {
        context.addIssue({
          code: 'custom',
          path: ['name'],
          message: FINANCIAL_VIEWER_VALIDATION.connectionExists,
        });
      }
      if (choice.bank === null) {
        context.addIssue({ code: 'custom', path: ['bank'], message: VALIDATION.required });
      }
    });
}

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
  const connected = useMemo(
    () => connections.filter((connection) => connection.conStatus === 'OK'),
    [connections],
  );
  const banks = useBanks();
  const create = useCreateConnection();
  // Spec §4: only a name among the OK connections is a duplicate in the wizard.
  const names = useMemo(() => connected.map((connection) => connection.conName), [connected]);
  const schema = useMemo(() => connectionChoiceForm(names), [names]);
  const form = useForm<ConnectionChoice>({
    resolver: zodResolver(schema),
    // A duplicate name shows as it is typed; the server's answer goes once another is typed.
    mode: 'onChange',
    defaultValues: {
      mode: connected.length > 0 ? 'existing' : 'new',
      conId: connected[0]?.conId ?? '',
      name: '',
      bank: null,
    },
  });
  const mode = useWatch({ control: form.control, name: 'mode' });

  async function next(choice: ConnectionChoice) {
    if (choice.mode === 'existing') {
      const chosen = connected.find((connection) => connection.conId === choice.conId);
      if (chosen) onExisting(chosen);
      return;
    }
    if (!canAdd) {
      onPlanExceeded();
      return;
    }
    if (choice.bank === null) return;
    try {
      const connection = await create.mutateAsync({
        conName: choice.name,
        source: 'FILE',
        bankCode: choice.bank.bank_code,
      });
      onCreated(connection);
    } catch (error) {
      if (hasErrorCode(error, FINANCIAL_VIEWER_ERRORS.planExceeded)) onPlanExceeded();
      throw error;
    }
  }

  return (
    <Form
      form={form}
      onSubmit={next}
      serverFields={['name']}
      serverNames={() => ['conName']}
      describeError={(error, hasFieldErrors) =>
        hasFieldErrors || hasErrorCode(error, FINANCIAL_VIEWER_ERRORS.planExceeded)
          ? null
          : getViewerErrorMessage(t, error)
      }
    >
      <Controller
        control={form.control}
        name="mode"
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            aria-label={t('financialViewer.import.connectionChoice')}
            onChange={(event) => {
              field.onChange(event.target.value === 'new' ? 'new' : 'existing');
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
        )}
      />
      {connected.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('financialViewer.import.noConnected')}
        </Typography>
      ) : null}
      {mode === 'existing' ? (
        <FormSelect
          name="conId"
          label={t('financialViewer.import.connection')}
          options={connected.map((connection) => ({
            value: connection.conId,
            label: connection.conEntityName
              ? `${connection.conName} · ${connection.conEntityName}`
              : connection.conName,
          }))}
          required
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <FormTextField
            name="name"
            label={t('financialViewer.connections.name')}
            required
            maxLength={80}
          />
          <Controller
            control={form.control}
            name="bank"
            render={({ field }) => (
              <Autocomplete
                options={banks.data ?? []}
                loading={banks.isPending}
                value={field.value}
                onChange={(_event, value) => {
                  field.onChange(value);
                }}
                onBlur={field.onBlur}
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
            )}
          />
        </Box>
      )}
      <WizardFormActions onCancel={onCancel} />
    </Form>
  );
}
