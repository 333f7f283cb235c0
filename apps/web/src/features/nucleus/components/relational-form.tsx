import type {
  TAlgorithm,
  TDataProfile,
  TRelationship,
  TSynthesizeRelationalRequest,
} from '@app/contracts/nucleus';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormOutcomeArea } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { cancelUpload } from '../api/cancel-upload';
import { useSynthesizeRelational } from '../api/synthesize-relational';
import { useUpload } from '../hooks/use-upload';
import {
  initialAlgorithmValues,
  readAlgorithmChoice,
  type AlgorithmValues,
} from '../utils/algorithm-choice';
import { initialSettings, toColumnChoices } from '../utils/column-choices';
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
import { RunStartForm } from './run-start-form';
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

/** The plan, the algorithm of its root tables and the scale, read into the request. */
type RelationalValues = AlgorithmValues & { plan: Plan; scale: string };

function relationalSchema(algorithms: TAlgorithm[]) {
  return z
    .object({
      plan: z.custom<Plan>(),
      scale: z.string(),
      algorithm: z.string(),
      parameters: z.record(z.string(), z.string()),
    })
    .transform((values, context): TSynthesizeRelationalRequest => {
      const choice = readAlgorithmChoice(algorithms, values, context);
      const scale = Number(values.scale.trim().replace(',', '.'));
      const isScaleValid = Number.isFinite(scale) && scale > 0 && scale <= 100;
      if (!isScaleValid) {
        const message = 'nucleus.relational.scaleInvalid';
        context.addIssue({ code: 'custom', path: ['scale'], message });
      }
      const { tables, links } = values.plan;
      // The problems are listed above the Start button, each in its own words.
      const [problem] = planProblems(tables, links);
      const isPlanValid = problem === undefined;
      if (!isPlanValid) {
        const message = `nucleus.relational.problems.${problem}`;
        context.addIssue({ code: 'custom', path: ['plan'], message });
      }
      if (choice === null || !isScaleValid || !isPlanValid) return z.NEVER;
      return {
        tables: tables.map((table) => ({
          runId: table.profile.runId,
          name: table.name,
          primaryKey: table.primaryKey === '' ? null : table.primaryKey,
          columns: toColumnChoices(table.settings),
        })),
        relationships: links,
        algorithm: choice.algorithm as TSynthesizeRelationalRequest['algorithm'],
        parameters: choice.parameters,
        scale,
      };
    });
}

/**
 * Several related tables synthesized together: each uploaded and profiled, named, its primary
 * key chosen; the foreign keys (suggested where a column is named as another table's key);
 * the algorithm of the root tables and the scale; then start.
 */
export function RelationalForm({ algorithms }: { algorithms: TAlgorithm[] }) {
  const { t } = useTranslation();
  const synthesize = useSynthesizeRelational();
  const form = useForm<RelationalValues, unknown, TSynthesizeRelationalRequest>({
    resolver: zodResolver(relationalSchema(algorithms)),
    defaultValues: {
      plan: { tables: [], links: [] },
      scale: '1',
      ...initialAlgorithmValues(algorithms),
    },
  });
  const plan = useWatch({ control: form.control, name: 'plan' });
  const setPlan = (change: (current: Plan) => Plan) => {
    form.setValue('plan', change(form.getValues('plan')), { shouldDirty: true });
  };
  const upload = useUpload({
    onProfiled: (profile) => {
      setPlan((current) => addTable(current, profile));
    },
  });
  const { state } = upload;
  const problems = planProblems(plan.tables, plan.links);

  return (
    <RunStartForm form={form} start={synthesize.mutateAsync}>
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
              return {
                tables,
                links: [...current.links, ...suggestLinks(tables, current.links)],
              };
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
        <AlgorithmSettings algorithms={algorithms} />
        <Box sx={{ maxWidth: 320 }}>
          <FormTextField
            name="scale"
            label={t('nucleus.relational.scale')}
            hint={t('nucleus.relational.scaleHelp')}
            inputMode="decimal"
          />
        </Box>
      </Paper>
      {form.formState.isSubmitted && problems.length > 0 ? (
        <Alert severity="error">
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((problem) => (
              <li key={problem}>{t(`nucleus.relational.problems.${problem}`)}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <FormOutcomeArea />
      <Box>
        <SubmitButton disabled={state.step === 'uploading'}>
          {t('nucleus.relational.start')}
        </SubmitButton>
      </Box>
    </RunStartForm>
  );
}
