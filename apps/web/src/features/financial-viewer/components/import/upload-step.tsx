import {
  FINANCIAL_VIEWER_ERRORS,
  FINANCIAL_VIEWER_VALIDATION,
  type TColumnMapping,
  type TImportResult,
  type TStatementPreview,
} from '@app/contracts/financial-viewer';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-error';
import { isImportFinished, useImport } from '../../api/get-import';
import { useImportStatement } from '../../api/import-statement';
import { usePreviewStatement } from '../../api/preview-statement';
import {
  assignRole,
  mappingToRoles,
  rolesToMapping,
  type MappingRole,
} from '../../utils/column-mapping';
import { fieldErrorKey, getViewerErrorMessage, hasErrorCode } from '../../utils/error-text';
import { ResultDialog, type WizardMessage } from './result-dialog';
import { StatementPreview } from './statement-preview';
import { StatementUploadArea } from './statement-upload-area';
import { WizardActions } from './wizard-actions';
import { formatCount } from '../../../../lib/format';

/** A number of transactions for a text that agrees with it. */
function counted(count: number) {
  return { number: formatCount(count), count };
}

/** What a finished import says: added, and those already there left out. */
export function describeImport(t: TFunction, result: TImportResult): string[] {
  if (result.added === 0) {
    return [
      result.duplicates > 0
        ? t('financialViewer.import.nothingNew', counted(result.duplicates))
        : t('financialViewer.import.nothingToAdd'),
    ];
  }
  const lines = [t('financialViewer.import.imported', counted(result.added))];
  if (result.duplicates > 0) {
    lines.push(t('financialViewer.import.duplicatesLeft', counted(result.duplicates)));
  }
  return lines;
}

/** Spec §8: 409 'alreadyExistsAccount', 416 'exactAccount', anything else 'importError'. */
export function importErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409 || error.code === FINANCIAL_VIEWER_ERRORS.accountExists) {
      return t('financialViewer.dialogs.alreadyExistsAccount');
    }
    if (error.status === 416 || error.code === FINANCIAL_VIEWER_ERRORS.accountMismatch) {
      return t('financialViewer.dialogs.exactAccount');
    }
    if (error.isNetworkError) return t('errors.network');
  }
  return t('financialViewer.dialogs.importError');
}

function failedJobText(t: TFunction, result: TImportResult): string {
  if (result.errorCode === FINANCIAL_VIEWER_ERRORS.accountExists) {
    return t('financialViewer.dialogs.alreadyExistsAccount');
  }
  if (result.errorCode === FINANCIAL_VIEWER_ERRORS.accountMismatch) {
    return t('financialViewer.dialogs.exactAccount');
  }
  return t('financialViewer.dialogs.importError');
}

function previewErrorText(t: TFunction, error: unknown): string {
  if (fieldErrorKey(error, 'document') === FINANCIAL_VIEWER_VALIDATION.statementType) {
    return t('financialViewer.import.onlyExcelCsv');
  }
  if (hasErrorCode(error, FINANCIAL_VIEWER_ERRORS.importFailed)) {
    return t('financialViewer.import.noTable');
  }
  return getViewerErrorMessage(t, error);
}

type UploadStepProps = {
  accountId: string;
  /** Cents, for the first import of an account. */
  initialBalance?: number | undefined;
  /** No connection is OK and this one was just made: say so before uploading (spec §4). */
  showsInactiveInfo: boolean;
  onCancel: () => void;
  /** The import finished and its result was read. */
  onDone: () => void;
};

/** Step 3: the file, its preview and mapping, and the upload itself. */
export function UploadStep({
  accountId,
  initialBalance,
  showsInactiveInfo,
  onCancel,
  onDone,
}: UploadStepProps) {
  const { t } = useTranslation();
  const previewCall = usePreviewStatement();
  const importCall = useImportStatement();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TStatementPreview | null>(null);
  const [roles, setRoles] = useState<MappingRole[]>([]);
  const [mapping, setMapping] = useState<TColumnMapping | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [message, setMessage] = useState<WizardMessage | null>(null);
  const [isAskingInactive, setAskingInactive] = useState(false);
  const [isFinished, setFinished] = useState(false);
  const job = useImport(importId);

  // The queued import ended (or could not be read): its result replaces the progress bar.
  if (importId !== null && job.data !== undefined && isImportFinished(job.data)) {
    const result = job.data;
    setImportId(null);
    if (result.status === 'DONE') {
      setFinished(true);
      setMessage({ kind: 'info', lines: describeImport(t, result) });
    } else {
      setMessage({ kind: 'error', lines: [failedJobText(t, result)] });
    }
  } else if (importId !== null && job.isError) {
    setImportId(null);
    setMessage({ kind: 'error', lines: [importErrorText(t, job.error)] });
  }

  function read(chosen: File, edited?: TColumnMapping) {
    previewCall.mutate(
      { file: chosen, ...(edited ? { mapping: edited } : {}) },
      {
        onSuccess: (read) => {
          setPreview(read);
          setRoles(mappingToRoles(read.mapping, read.columns.length));
          setMapping(read.mapping);
        },
      },
    );
  }

  function choose(chosen: File) {
    setFile(chosen);
    setPreview(null);
    setMapping(null);
    read(chosen);
  }

  function remove() {
    setFile(null);
    setPreview(null);
    setRoles([]);
    setMapping(null);
    previewCall.reset();
  }

  function changeRole(index: number, role: MappingRole) {
    if (preview === null || file === null) return;
    const next = assignRole(roles, index, role);
    setRoles(next);
    const edited = rolesToMapping(next, preview.mapping);
    setMapping(edited);
    if (edited !== null) read(file, edited);
  }

  function upload() {
    if (file === null || mapping === null) return;
    importCall.mutate(
      {
        file,
        accountId,
        mapping,
        ...(initialBalance === undefined ? {} : { initialBalance }),
      },
      {
        onSuccess: (result) => {
          if (result.status === 'DONE') {
            setFinished(true);
            setMessage({ kind: 'info', lines: describeImport(t, result) });
          } else if (result.status === 'FAILED') {
            setMessage({ kind: 'error', lines: [failedJobText(t, result)] });
          } else {
            setImportId(result.importId);
          }
        },
        onError: (error) => {
          setMessage({ kind: 'error', lines: [importErrorText(t, error)] });
        },
      },
    );
  }

  const isWorking = importCall.isPending || importId !== null;
  const progress = job.data?.progress ?? 0;

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <StatementUploadArea file={file} onFile={choose} onRemove={remove} disabled={isWorking} />
      {previewCall.isPending && preview === null ? <LinearProgress /> : null}
      {previewCall.isError ? (
        <Alert severity="error">{previewErrorText(t, previewCall.error)}</Alert>
      ) : null}
      {preview !== null ? (
        <StatementPreview
          preview={preview}
          roles={roles}
          onRoleChange={changeRole}
          isUpdating={previewCall.isPending}
          mappingError={mapping === null ? t('financialViewer.import.needsDate') : undefined}
        />
      ) : null}
      {importId !== null ? (
        <Box sx={{ display: 'grid', gap: 1 }} role="status" aria-live="polite">
          <Typography variant="body2">
            {t('financialViewer.import.importing', { progress })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('financialViewer.import.progressLabel')}
          />
        </Box>
      ) : null}
      <WizardActions>
        <Button onClick={onCancel} disabled={isWorking}>
          {t('financialViewer.actions.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={isWorking}
          disabled={file === null || preview === null || mapping === null || previewCall.isPending}
          onClick={() => {
            if (showsInactiveInfo) setAskingInactive(true);
            else upload();
          }}
        >
          {t('financialViewer.import.uploadData')}
        </Button>
      </WizardActions>
      <ResultDialog
        message={
          isAskingInactive
            ? { kind: 'info', lines: [t('financialViewer.import.inactiveInfo')] }
            : null
        }
        onClose={() => {
          setAskingInactive(false);
        }}
        actions={
          <>
            <Button
              onClick={() => {
                setAskingInactive(false);
              }}
            >
              {t('financialViewer.actions.cancel')}
            </Button>
            <Button
              variant="contained"
              autoFocus
              onClick={() => {
                setAskingInactive(false);
                upload();
              }}
            >
              {t('financialViewer.import.uploadData')}
            </Button>
          </>
        }
      />
      <ResultDialog
        message={message}
        onClose={() => {
          setMessage(null);
          if (isFinished) onDone();
        }}
      />
    </Box>
  );
}
