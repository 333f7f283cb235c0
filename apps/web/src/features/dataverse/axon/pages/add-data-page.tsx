import '../i18n/register';
import type { TInstance, TUpdateInstanceRequest } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadError } from '../../../../components/load-error';
import { PageLoader } from '../../../../components/page-loader';
import { useDimensions } from '../../api/get-dimensions';
import { useCreateDataset } from '../api/create-dataset';
import { useInstance } from '../api/get-instance';
import { useMyDataset } from '../api/get-my-dataset';
import { useCancelInstance, useConfirmInstance, useReviewInstance } from '../api/review-instance';
import { DataStep } from '../components/data-step';
import { MetadataStep } from '../components/metadata-step';
import { ProfilingStep } from '../components/profiling-step';
import { ReviewStep } from '../components/review-step';
import { getAxonErrorMessage } from '../utils/axon-error-text';
import { MONETIZE_PATH, myDatasetPath } from '../utils/paths';

const STEPS = ['metadata', 'data', 'profiling', 'review'] as const;

/** The metadata step: reference data first, then the form that creates the dataset. */
function NewDatasetStep({ onCreated }: { onCreated: (datasetId: string) => void }) {
  const dimensions = useDimensions();
  const create = useCreateDataset();
  if (dimensions.isPending) return <PageLoader />;
  if (dimensions.isError) {
    return <LoadError error={dimensions.error} onRetry={() => void dimensions.refetch()} />;
  }
  return (
    <MetadataStep
      dimensions={dimensions.data}
      onSubmit={async (request) => {
        const dataset = await create.mutateAsync(request);
        onCreated(dataset.datasetId);
      }}
    />
  );
}

type VersionStepsProps = {
  datasetId: string;
  dsiId: string;
  onRestart: () => void;
};

/** Profiling, review and the end: what the version's status says. */
function VersionSteps({ datasetId, dsiId, onRestart }: VersionStepsProps) {
  const { t } = useTranslation();
  const instance = useInstance({ datasetId, dsiId });
  const review = useReviewInstance();
  const confirm = useConfirmInstance();
  const cancel = useCancelInstance();
  const [cancelError, setCancelError] = useState<string | null>(null);
  if (instance.isPending) return <PageLoader />;
  if (instance.isError) {
    return <LoadError error={instance.error} onRetry={() => void instance.refetch()} />;
  }
  const target = { datasetId, dsiId };
  const onCancel = () => {
    setCancelError(null);
    cancel.mutate(target, {
      onError: (failure) => {
        setCancelError(getAxonErrorMessage(t, failure));
      },
    });
  };
  const onConfirm = async (changes: TUpdateInstanceRequest['fields']) => {
    setCancelError(null);
    if (changes.length > 0) await review.mutateAsync({ ...target, request: { fields: changes } });
    await confirm.mutateAsync(target);
  };
  const { status } = instance.data;
  if (status === 'UPLOADING' || status === 'PROFILING') {
    return (
      <ProfilingStep instance={instance.data} isCancelling={cancel.isPending} onCancel={onCancel} />
    );
  }
  if (status === 'REVIEW') {
    return (
      <ReviewStep
        instance={instance.data}
        onConfirm={onConfirm}
        isCancelling={cancel.isPending}
        cancelError={cancelError}
        onCancel={onCancel}
      />
    );
  }
  return <VersionOutcome datasetId={datasetId} instance={instance.data} onRestart={onRestart} />;
}

/** A version that is confirmed, cancelled or could not be read: what the seller can do next. */
function VersionOutcome(props: { datasetId: string; instance: TInstance; onRestart: () => void }) {
  const { t } = useTranslation();
  const { instance } = props;
  if (instance.status === 'READY') {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success">
          {t('axon.addData.ready', { version: instance.version, fileName: instance.fileName })}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" component={RouterLink} to={MONETIZE_PATH}>
            {t('axon.addData.toMonetize')}
          </Button>
          <Button component={RouterLink} to={myDatasetPath(props.datasetId)}>
            {t('axon.addData.toDataset')}
          </Button>
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity={instance.status === 'FAILED' ? 'error' : 'info'}>
        {t(instance.status === 'FAILED' ? 'axon.addData.failed' : 'axon.addData.cancelled')}
      </Alert>
      <Box>
        <Button variant="contained" onClick={props.onRestart}>
          {t('axon.addData.another')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * /axon/add-data: a new dataset in four steps (metadata, file, profiling, review), or with
 * `?datasetId=` a new version of one of the team's datasets. Where it stands is in the address
 * (`datasetId`, `dsiId`), so a reload resumes the same step.
 */
export function AddDataPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const datasetId = params.get('datasetId');
  const dsiId = params.get('dsiId');
  const dataset = useMyDataset(datasetId);
  const instance = useInstanceStep(datasetId, dsiId);
  const isNewVersion = dataset.data !== undefined && dataset.data.version !== null;
  const active = datasetId === null ? 0 : dsiId === null ? 1 : instance;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {isNewVersion
          ? t('axon.addData.versionTitle', { name: dataset.data.datasetName })
          : t('axon.addData.title')}
      </Typography>
      <Stepper activeStep={active} alternativeLabel sx={{ minWidth: 0, overflowX: 'auto' }}>
        {STEPS.map((step) => (
          <Step key={step}>
            <StepLabel>{t(`axon.addData.steps.${step}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
        {datasetId === null ? (
          <NewDatasetStep
            onCreated={(id) => {
              setParams({ datasetId: id });
            }}
          />
        ) : dsiId === null ? (
          dataset.isError ? (
            <LoadError error={dataset.error} onRetry={() => void dataset.refetch()} />
          ) : dataset.isPending ? (
            <PageLoader />
          ) : (
            <DataStep
              datasetId={datasetId}
              isZipAllowed={dataset.data.version === null && dataset.data.familyId === null}
              onUploaded={(uploaded) => {
                setParams({ datasetId, dsiId: uploaded.dsiId });
              }}
            />
          )
        ) : (
          <VersionSteps
            datasetId={datasetId}
            dsiId={dsiId}
            onRestart={() => {
              setParams({ datasetId });
            }}
          />
        )}
      </Paper>
    </Box>
  );
}

/** The stepper's step once a version exists: profiling until the job is done, then review. */
function useInstanceStep(datasetId: string | null, dsiId: string | null): number {
  const instance = useInstance({ datasetId: datasetId ?? '', dsiId: dsiId ?? '' }, dsiId !== null);
  const status = instance.data?.status;
  if (status === 'REVIEW') return 3;
  if (status === 'READY') return STEPS.length;
  return 2;
}
