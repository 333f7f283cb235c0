import type { TAlgorithm, TDataProfile, TSynthesizeRequest } from '@app/contracts/nucleus';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormOutcomeArea } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { formatCount } from '../../../lib/format';
import { useAlgorithms } from '../api/get-algorithms';
import { useLimits } from '../api/get-limits';
import { useSynthesize } from '../api/synthesize';
import { AlgorithmSettings } from '../components/algorithm-settings';
import { ColumnSettingsTable } from '../components/column-settings-table';
import { FilePicker } from '../components/file-picker';
import { NucleusActionError, NucleusLoadError } from '../components/nucleus-error';
import { PrimaryKeySelect } from '../components/primary-key-select';
import { RelationalForm } from '../components/relational-form';
import { RunStartForm } from '../components/run-start-form';
import { binaryColumns, TargetSelect } from '../components/target-select';
import { UploadProgress } from '../components/upload-progress';
import { useUpload } from '../hooks/use-upload';
import '../i18n/register';
import {
  initialAlgorithmValues,
  readAlgorithmChoice,
  type AlgorithmValues,
} from '../utils/algorithm-choice';
import { initialSettings, toColumnChoices, type ColumnSetting } from '../utils/column-choices';
import { suggestedPrimaryKey } from '../utils/relational-plan';
import { countText } from '../utils/count-text';
import { readRowCount } from '../utils/row-count';

/** What to do with each column, the key, the algorithm and the rows, read into the request. */
type SynthesisValues = AlgorithmValues & {
  settings: Record<string, ColumnSetting>;
  primaryKey: string;
  /** '' lets the report pick its target. */
  target: string;
  numRows: string;
};

function synthesisSchema(profile: TDataProfile, algorithms: TAlgorithm[]) {
  return z
    .object({
      settings: z.custom<Record<string, ColumnSetting>>(),
      primaryKey: z.string(),
      target: z.string(),
      numRows: z.string(),
      algorithm: z.string(),
      parameters: z.record(z.string(), z.string()),
    })
    .transform((values, context): TSynthesizeRequest => {
      const choice = readAlgorithmChoice(algorithms, values, context);
      const rows = readRowCount(values.numRows);
      const isRowsValid = rows !== null;
      if (!isRowsValid) {
        const message = 'nucleus.synthesize.numRowsInvalid';
        context.addIssue({ code: 'custom', path: ['numRows'], message });
      }
      const isKeyKept = !isKeyDropped(values.primaryKey, values.settings);
      if (!isKeyKept) {
        const message = 'nucleus.profile.keyDropped';
        context.addIssue({ code: 'custom', path: ['primaryKey'], message });
      }
      const isTargetKept = !isTargetLost(values);
      if (!isTargetKept) {
        const message = 'nucleus.synthesize.targetNotKept';
        context.addIssue({ code: 'custom', path: ['target'], message });
      }
      if (choice === null || !isRowsValid || !isKeyKept || !isTargetKept) return z.NEVER;
      return {
        runId: profile.runId,
        algorithm: choice.algorithm as TSynthesizeRequest['algorithm'],
        parameters: choice.parameters,
        numRows: rows,
        columns: toColumnChoices(values.settings),
        primaryKey: values.primaryKey === '' ? null : values.primaryKey,
        ...(values.target === '' ? {} : { target: values.target }),
      };
    });
}

/** The key column is to be dropped: it cannot identify the new rows then. */
function isKeyDropped(primaryKey: string, settings: Record<string, ColumnSetting>): boolean {
  return primaryKey !== '' && settings[primaryKey]?.action === 'drop';
}

/** The chosen target is dropped, replaced or the key: it has no real values to predict then. */
function isTargetLost(values: Pick<SynthesisValues, 'target' | 'primaryKey' | 'settings'>) {
  const { target, primaryKey, settings } = values;
  return target !== '' && (target === primaryKey || settings[target]?.action !== 'keep');
}

type SynthesisFormProps = {
  profile: TDataProfile;
  algorithms: TAlgorithm[];
  isDiscarding: boolean;
  onDiscard: () => void;
};

/** The profile, what to do with each column, the algorithm and its parameters, the rows. */
function SynthesisForm({ profile, algorithms, isDiscarding, onDiscard }: SynthesisFormProps) {
  const { t } = useTranslation();
  const limits = useLimits();
  const synthesize = useSynthesize();
  const form = useForm<SynthesisValues, unknown, TSynthesizeRequest>({
    resolver: zodResolver(synthesisSchema(profile, algorithms)),
    defaultValues: {
      settings: initialSettings(profile.columns),
      primaryKey: suggestedPrimaryKey(profile),
      target: '',
      numRows: String(profile.rowCount),
      ...initialAlgorithmValues(algorithms),
    },
  });
  const [settings, primaryKey] = useWatch({
    control: form.control,
    name: ['settings', 'primaryKey'],
  });

  return (
    <RunStartForm form={form} start={synthesize.mutateAsync}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline' }}>
          <Typography variant="h6" component="h3" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {t('nucleus.profile.title', { name: profile.fileName })}
          </Typography>
          <Typography color="text.secondary">
            {t('nucleus.profile.summary', {
              rows: countText(t, 'rows', profile.rowCount),
              columns: countText(t, 'columns', profile.columnCount),
            })}
          </Typography>
        </Box>
        {profile.warnings.length > 0 ? (
          <Alert severity="warning">
            {t('nucleus.profile.warnings', {
              number: formatCount(profile.warnings.length),
              count: profile.warnings.length,
            })}
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <Controller
            control={form.control}
            name="primaryKey"
            render={({ field }) => (
              <PrimaryKeySelect
                profile={profile}
                value={field.value}
                error={isKeyDropped(field.value, settings) ? t('nucleus.profile.keyDropped') : null}
                onChange={field.onChange}
                sx={{ maxWidth: 320 }}
              />
            )}
          />
          <Typography variant="body2" color="text.secondary">
            {t('nucleus.profile.keyHelp')}
          </Typography>
        </Box>
        <ColumnSettingsTable
          profile={profile}
          primaryKey={primaryKey}
          settings={settings}
          onChange={(name, setting: ColumnSetting) => {
            const current = form.getValues('settings');
            form.setValue('settings', { ...current, [name]: setting }, { shouldDirty: true });
          }}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <AlgorithmSettings algorithms={algorithms} />
        <Box sx={{ maxWidth: 320 }}>
          <FormTextField
            name="numRows"
            label={t('nucleus.synthesize.numRows')}
            hint={
              limits.data?.rowLimit == null
                ? t('nucleus.synthesize.numRowsHelp')
                : t('nucleus.synthesize.numRowsLimit', {
                    limit: formatCount(limits.data.rowLimit),
                    count: limits.data.rowLimit,
                  })
            }
            inputMode="numeric"
          />
        </Box>
        <Controller
          control={form.control}
          name="target"
          render={({ field, fieldState }) => (
            <TargetSelect
              columns={binaryColumns(profile).filter(
                (name) =>
                  name === field.value || !isTargetLost({ target: name, primaryKey, settings }),
              )}
              value={field.value}
              error={
                isTargetLost({ target: field.value, primaryKey, settings })
                  ? t('nucleus.synthesize.targetNotKept')
                  : fieldState.error?.message && t(fieldState.error.message)
              }
              onChange={field.onChange}
            />
          )}
        />
      </Paper>
      <FormOutcomeArea />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <SubmitButton>{t('nucleus.synthesize.start')}</SubmitButton>
        <Button onClick={onDiscard} loading={isDiscarding} disabled={form.formState.isSubmitting}>
          {t('nucleus.synthesize.discard')}
        </Button>
      </Box>
    </RunStartForm>
  );
}

/**
 * /nucleus/synthesize: one table (choose a file, watch it upload, read its profile, set what to
 * do with each column and how to synthesize, then start) or several related tables with their
 * keys; the run's page follows.
 */
export function SynthesizePage() {
  const { t } = useTranslation();
  const upload = useUpload();
  const algorithms = useAlgorithms();
  const [mode, setMode] = useState<'single' | 'relational'>('single');
  const { state } = upload;
  const isChoosing = state.step === 'idle' || state.step === 'failed';
  let algorithmsState = null;
  if (algorithms.isError) {
    algorithmsState = (
      <NucleusLoadError error={algorithms.error} onRetry={() => void algorithms.refetch()} />
    );
  } else if (algorithms.data === undefined) {
    algorithmsState = <Skeleton variant="rounded" height={320} aria-label={t('common.loading')} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h5" component="h2">
        {t('nucleus.synthesize.title')}
      </Typography>
      <Typography color="text.secondary">{t('nucleus.synthesize.intro')}</Typography>
      {isChoosing || mode === 'relational' ? (
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={mode}
          aria-label={t('nucleus.synthesize.mode')}
          onChange={(_, value: 'single' | 'relational' | null) => {
            if (value !== null) setMode(value);
          }}
          sx={{ justifySelf: 'start', flexWrap: 'wrap' }}
        >
          <ToggleButton value="single">{t('nucleus.synthesize.single')}</ToggleButton>
          <ToggleButton value="relational">{t('nucleus.synthesize.relational')}</ToggleButton>
        </ToggleButtonGroup>
      ) : null}
      {mode === 'relational' ? (
        (algorithmsState ?? <RelationalForm algorithms={algorithms.data ?? []} />)
      ) : (
        <>
          {isChoosing ? (
            <>
              <FilePicker onPick={upload.start} />
              {state.step === 'failed' ? <NucleusActionError error={state.error} /> : null}
            </>
          ) : null}
          {state.step === 'uploading' ? (
            <UploadProgress
              fileName={state.fileName}
              share={state.share}
              isCancelling={upload.isCancelling}
              onCancel={upload.cancel}
            />
          ) : null}
          {state.step === 'profiled'
            ? (algorithmsState ?? (
                <SynthesisForm
                  profile={state.profile}
                  algorithms={algorithms.data ?? []}
                  isDiscarding={upload.isCancelling}
                  onDiscard={upload.cancel}
                />
              ))
            : null}
        </>
      )}
    </Box>
  );
}
