import type {
  TAlgorithm,
  TDataProfile,
  TRelationship,
  TSynthesizeRelationalRequest,
} from '@app/contracts/nucleus';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cancelUpload } from '../api/cancel-upload';
import { useSynthesizeRelational } from '../api/synthesize-relational';
import { useUpload } from '../hooks/use-upload';
import { useAlgorithmChoice } from '../hooks/use-algorithm-choice';
import { initialSettings, toColumnChoices } from '../utils/column-choices';
import { runPath } from '../utils/paths';
import {
  planProblems,
  suggestLinks,
  suggestedPrimaryKey,
  tableNameFrom,
  type PlannedTable,
} from '../utils/relational-plan';
import { AlgorithmSettings } from './algorithm-settings';
import { FilePicker } from './file-picker';
import { NucleusActionError } from './nucleus-error';
import { RelationalLinks } from './relational-links';
import { RelationalTableList } from './relational-table-list';
import { UploadProgress } from './upload-progress';

type Plan = { tables: PlannedTable[]; links: TRelationship[] };

function addTable(plan: Plan, profile: TDataProfile): Plan {
  const name = tableNameFrom(
    profile.fileName,
    plan.tables.map((table) => table.name),
  );
  const tables = [
    ...plan.tables,
    {
      profile,
      name,
      primaryKey: suggestedPrimaryKey(profile),
      settings: initialSettings(profile.columns),
    },
  ];
  return { tables, links: [...plan.links, ...suggestLinks(tables, plan.links)] };
}

function renameTable(plan: Plan, index: number, name: string): Plan {
  const before = plan.tables[index]?.name;
  const rename = (value: string) => (value === before ? name : value);
  return {
    tables: plan.tables.map((table, at) => (at === index ? { ...table, name } : table)),
    links: plan.links.map((link) => ({
      ...link,
      child: rename(link.child),
      parent: rename(link.parent),
    })),
  };
}

function removeTable(plan: Plan, index: number): Plan {
  const name = plan.tables[index]?.name;
  return {
    tables: plan.tables.filter((_, at) => at !== index),
    links: plan.links.filter((link) => link.child !== name && link.parent !== name),
  };
}

/**
 * Several related tables synthesized together: each uploaded and profiled, named, its primary
 * key chosen; the foreign keys (suggested where a column is named as another table's key);
 * the algorithm of the root tables and the scale; then start.
 */
export function RelationalForm({ algorithms }: { algorithms: TAlgorithm[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const synthesize = useSynthesizeRelational();
  const [plan, setPlan] = useState<Plan>({ tables: [], links: [] });
  const upload = useUpload({
    onProfiled: (profile) => {
      setPlan((current) => addTable(current, profile));
    },
  });
  const choice = useAlgorithmChoice(algorithms);
  const [scale, setScale] = useState('1');
  const [isScaleInvalid, setScaleInvalid] = useState(false);
  const [isChecked, setChecked] = useState(false);
  const { state } = upload;
  const problems = planProblems(plan.tables, plan.links);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = choice.check();
    if (parsed === null) return;
    const scaleNumber = Number(scale.trim().replace(',', '.'));
    const scaleInvalid = !Number.isFinite(scaleNumber) || scaleNumber <= 0 || scaleNumber > 100;
    setChecked(true);
    setScaleInvalid(scaleInvalid);
    if (scaleInvalid || parsed.invalid.length > 0 || problems.length > 0) return;
    const request: TSynthesizeRelationalRequest = {
      tables: plan.tables.map((table) => ({
        runId: table.profile.runId,
        name: table.name,
        primaryKey: table.primaryKey === '' ? null : table.primaryKey,
        columns: toColumnChoices(table.settings),
      })),
      relationships: plan.links,
      algorithm: parsed.algorithm.name as TSynthesizeRelationalRequest['algorithm'],
      parameters: parsed.parameters,
      scale: scaleNumber,
    };
    synthesize.mutate(request, {
      onSuccess: (run) => {
        void navigate(runPath(run.id));
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 3 }}>
      <Paper
        variant="outlined"
        component="section"
        aria-label={t('nucleus.relational.tables')}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
      >
        <Typography variant="h6" component="h3">
          {t('nucleus.relational.tables')}
        </Typography>
        <Typography color="text.secondary">{t('nucleus.relational.tablesHelp')}</Typography>
        <RelationalTableList
          tables={plan.tables}
          onRename={(index, name) => {
            setPlan((current) => renameTable(current, index, name));
          }}
          onPrimaryKeyChange={(index, primaryKey) => {
            setPlan((current) => {
              const tables = current.tables.map((table, at) =>
                at === index ? { ...table, primaryKey } : table,
              );
              return { tables, links: [...current.links, ...suggestLinks(tables, current.links)] };
            });
          }}
          onColumnChange={(index, name, setting) => {
            setPlan((current) => ({
              ...current,
              tables: current.tables.map((table, at) =>
                at === index
                  ? { ...table, settings: { ...table.settings, [name]: setting } }
                  : table,
              ),
            }));
          }}
          onRemove={(index) => {
            const removed = plan.tables[index];
            setPlan((current) => removeTable(current, index));
            // The draft and its file go too; a failure leaves a draft the runs list can delete.
            if (removed) void cancelUpload(removed.profile.runId).catch(() => undefined);
          }}
        />
        {state.step === 'uploading' ? (
          <UploadProgress
            fileName={state.fileName}
            share={state.share}
            isCancelling={upload.isCancelling}
            onCancel={upload.cancel}
          />
        ) : (
          <FilePicker onPick={upload.start} />
        )}
        {state.step === 'failed' ? <NucleusActionError error={state.error} /> : null}
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-label={t('nucleus.relational.links')}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
      >
        <Typography variant="h6" component="h3">
          {t('nucleus.relational.links')}
        </Typography>
        <Typography color="text.secondary">{t('nucleus.relational.linksHelp')}</Typography>
        <RelationalLinks
          tables={plan.tables}
          links={plan.links}
          onChange={(links) => {
            setPlan((current) => ({ ...current, links }));
          }}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography color="text.secondary">{t('nucleus.relational.algorithmHelp')}</Typography>
        <AlgorithmSettings {...choice.settings} />
        <TextField
          label={t('nucleus.relational.scale')}
          value={scale}
          error={isScaleInvalid}
          helperText={
            isScaleInvalid
              ? t('nucleus.relational.scaleInvalid')
              : t('nucleus.relational.scaleHelp')
          }
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          onChange={(event) => {
            setScale(event.target.value);
          }}
          sx={{ maxWidth: 320 }}
        />
      </Paper>
      {isChecked && problems.length > 0 ? (
        <Alert severity="error">
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((problem) => (
              <li key={problem}>{t(`nucleus.relational.problems.${problem}`)}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {synthesize.isError ? <NucleusActionError error={synthesize.error} /> : null}
      <Box>
        <Button
          type="submit"
          variant="contained"
          loading={synthesize.isPending}
          disabled={state.step === 'uploading'}
        >
          {t('nucleus.relational.start')}
        </Button>
      </Box>
    </Box>
  );
}
