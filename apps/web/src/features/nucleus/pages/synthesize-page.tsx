import type { TAlgorithm, TDataProfile, TSynthesizeRequest } from '@app/contracts/nucleus';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
import { UploadProgress } from '../components/upload-progress';
import { useUpload } from '../hooks/use-upload';
import '../i18n/register';
import { useAlgorithmChoice } from '../hooks/use-algorithm-choice';
import { initialSettings, toColumnChoices, type ColumnSetting } from '../utils/column-choices';
import { runPath } from '../utils/paths';
import { suggestedPrimaryKey } from '../utils/relational-plan';

type SynthesisFormProps = {
  profile: TDataProfile;
  algorithms: TAlgorithm[];
  isDiscarding: boolean;
  onDiscard: () => void;
};

/** The profile, what to do with each column, the algorithm and its parameters, the rows. */
function SynthesisForm({ profile, algorithms, isDiscarding, onDiscard }: SynthesisFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const limits = useLimits();
  const synthesize = useSynthesize();
  const [settings, setSettings] = useState(() => initialSettings(profile.columns));
  const [primaryKey, setPrimaryKey] = useState(() => suggestedPrimaryKey(profile));
  const isKeyDropped = primaryKey !== '' && settings[primaryKey]?.action === 'drop';
  const choice = useAlgorithmChoice(algorithms);
  const [numRows, setNumRows] = useState(String(profile.rowCount));
  const [isRowsInvalid, setRowsInvalid] = useState(false);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = choice.check();
    if (parsed === null) return;
    const rows = Number(numRows.trim());
    const rowsInvalid = !Number.isInteger(rows) || rows < 1;
    setRowsInvalid(rowsInvalid);
    if (rowsInvalid || isKeyDropped || parsed.invalid.length > 0) return;
    const request: TSynthesizeRequest = {
      runId: profile.runId,
      algorithm: parsed.algorithm.name as TSynthesizeRequest['algorithm'],
      parameters: parsed.parameters,
      numRows: rows,
      columns: toColumnChoices(settings),
      primaryKey: primaryKey === '' ? null : primaryKey,
    };
    synthesize.mutate(request, {
      onSuccess: (run) => {
        void navigate(runPath(run.id));
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline' }}>
          <Typography variant="h6" component="h3" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {t('nucleus.profile.title', { name: profile.fileName })}
          </Typography>
          <Typography color="text.secondary">
            {t('nucleus.profile.summary', {
              rows: formatCount(profile.rowCount),
              columns: formatCount(profile.columnCount),
            })}
          </Typography>
        </Box>
        {profile.warnings.length > 0 ? (
          <Alert severity="warning">
            {t('nucleus.profile.warnings', { number: profile.warnings.length })}
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <PrimaryKeySelect
            profile={profile}
            value={primaryKey}
            error={isKeyDropped ? t('nucleus.profile.keyDropped') : null}
            onChange={setPrimaryKey}
            sx={{ maxWidth: 320 }}
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
            setSettings((current) => ({ ...current, [name]: setting }));
          }}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <AlgorithmSettings {...choice.settings} />
        <TextField
          label={t('nucleus.synthesize.numRows')}
          value={numRows}
          error={isRowsInvalid}
          helperText={
            isRowsInvalid
              ? t('nucleus.synthesize.numRowsInvalid')
              : limits.data?.rowLimit == null
                ? t('nucleus.synthesize.numRowsHelp')
                : t('nucleus.synthesize.numRowsLimit', {
                    limit: formatCount(limits.data.rowLimit),
                  })
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          onChange={(event) => {
            setNumRows(event.target.value);
          }}
          sx={{ maxWidth: 320 }}
        />
      </Paper>
      {synthesize.isError ? <NucleusActionError error={synthesize.error} /> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button type="submit" variant="contained" loading={synthesize.isPending}>
          {t('nucleus.synthesize.start')}
        </Button>
        <Button onClick={onDiscard} loading={isDiscarding} disabled={synthesize.isPending}>
          {t('nucleus.synthesize.discard')}
        </Button>
      </Box>
    </Box>
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
