import '../i18n/register';
import SendIcon from '@mui/icons-material/Send';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NeuronCallFailed, useCallNeuronApi, type NeuronCall } from '../api/call-neuron-api';
import { useAccessToken } from '../api/get-access-token';
import { useApiDocument } from '../api/get-api-document';
import { useNeuronInfo } from '../api/get-neuron-info';
import { CallAnswer } from '../components/call-answer';
import { LoadingBlock } from '../components/loading-block';
import { NeuronLoadError } from '../components/neuron-load-error';
import { NoSubscription } from '../components/no-subscription';
import { OperationSelect } from '../components/operation-select';
import { PageHeading } from '../components/page-heading';
import { SecretField } from '../components/secret-field';
import { isNoSubscription } from '../utils/error-text';
import { formatMs } from '../utils/format';
import {
  buildOperationUrl,
  describeType,
  listOperations,
  type ApiOperation,
} from '../utils/openapi';
import { firstOperation, initialBody, initialParameterValue } from '../utils/sample-requests';

type ConsoleProps = { operation: ApiOperation; token: string; microserviceUrl: string };

/** One operation's form: its parameters, its body or file, Send, and the answer. */
function TestConsole({ operation, token, microserviceUrl }: ConsoleProps) {
  const { t } = useTranslation();
  const formId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const call = useCallNeuronApi();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      operation.parameters.map((parameter) => [
        parameter.name,
        initialParameterValue(parameter, token),
      ]),
    ),
  );
  const [body, setBody] = useState(() => initialBody(operation));
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onSend = () => {
    setProblem(null);
    const missing = operation.parameters.find(
      (parameter) => parameter.required && (values[parameter.name] ?? '').trim() === '',
    );
    if (missing !== undefined) {
      setProblem(t('neuronAccess.test.missing', { name: missing.name }));
      return;
    }
    const pathValues: Record<string, string> = {};
    const query: [string, string][] = [];
    const headers: [string, string][] = [];
    for (const parameter of operation.parameters) {
      const value = values[parameter.name] ?? '';
      if (parameter.in === 'path') pathValues[parameter.name] = value;
      else if (parameter.in === 'query' && value !== '') query.push([parameter.name, value]);
      else if (parameter.in === 'header' && value !== '') headers.push([parameter.name, value]);
    }
    const request: NeuronCall = {
      method: operation.method,
      url: buildOperationUrl({ microserviceUrl, path: operation.path, pathValues, query }),
    };
    if (operation.body?.kind === 'multipart') {
      if (file === null) {
        setProblem(t('neuronAccess.test.needsFile'));
        return;
      }
      const form = new FormData();
      form.append(operation.body.fileField, file);
      request.body = { form };
    } else if (operation.body) {
      if (operation.body.kind === 'json') {
        try {
          JSON.parse(body);
        } catch {
          setProblem(t('neuronAccess.test.invalidJson'));
          return;
        }
      }
      request.body = { contentType: operation.body.contentType, text: body };
    }
    call.mutate(request);
  };

  const bodyLabel =
    operation.body?.kind === 'json'
      ? t('neuronAccess.test.bodyJson')
      : t('neuronAccess.test.bodyText');

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
        alignItems: 'start',
      }}
    >
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label={t('neuronAccess.test.request')}
        onSubmit={(event) => {
          event.preventDefault();
          onSend();
        }}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
      >
        <Typography variant="subtitle1" component="h2">
          {t('neuronAccess.test.request')}
        </Typography>
        {operation.summary === '' ? null : (
          <Typography variant="body2" color="text.secondary">
            {operation.summary}
          </Typography>
        )}
        {operation.parameters.map((parameter) => {
          const id = `${formId}-${parameter.in}-${parameter.name}`;
          const helper = [
            t(`neuronAccess.parameterIn.${parameter.in}`),
            describeType(parameter.schema),
            parameter.description,
          ]
            .filter((part) => part !== '')
            .join(' · ');
          const onChange = (value: string) => {
            setValues((current) => ({ ...current, [parameter.name]: value }));
          };
          return parameter.name.toLowerCase() === 'token' ? (
            <SecretField
              key={id}
              id={id}
              label={parameter.name}
              required={parameter.required}
              helperText={t('neuronAccess.test.tokenHint')}
              value={values[parameter.name] ?? ''}
              onChange={onChange}
            />
          ) : (
            <TextField
              key={id}
              id={id}
              fullWidth
              size="small"
              label={parameter.name}
              required={parameter.required}
              helperText={helper}
              value={values[parameter.name] ?? ''}
              onChange={(event) => {
                onChange(event.target.value);
              }}
            />
          );
        })}
        {operation.body?.kind === 'multipart' ? (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => {
                fileInput.current?.click();
              }}
            >
              {t('neuronAccess.test.chooseFile', { field: operation.body.fileField })}
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              aria-label={t('neuronAccess.test.chooseFile', { field: operation.body.fileField })}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
              }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {file === null ? t('neuronAccess.test.noFile') : file.name}
            </Typography>
          </Box>
        ) : operation.body ? (
          <TextField
            id={`${formId}-body`}
            fullWidth
            multiline
            minRows={6}
            maxRows={18}
            label={bodyLabel}
            helperText={operation.body.contentType}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
            }}
            slotProps={{
              htmlInput: {
                spellCheck: false,
                sx: { fontFamily: 'monospace', fontSize: '0.8125rem' },
              },
            }}
          />
        ) : null}
        {problem === null ? null : (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <Box>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SendIcon />}
            loading={call.isPending}
          >
            {t('neuronAccess.test.send')}
          </Button>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
        <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 2 }}>
          {call.isPending ? <Typography>{t('neuronAccess.test.sending')}</Typography> : null}
          {!call.isPending && call.data ? <CallAnswer answer={call.data} /> : null}
          {!call.isPending && call.error ? (
            <Alert severity="error">
              {t('neuronAccess.test.noAnswer', {
                time: formatMs(call.error instanceof NeuronCallFailed ? call.error.durationMs : 0),
              })}
            </Alert>
          ) : null}
          {call.isIdle ? (
            <Typography color="text.secondary">{t('neuronAccess.test.idle')}</Typography>
          ) : null}
        </Box>
      </Paper>
    </Box>
  );
}

/**
 * Calls the neuron's API from the page with the team's token: pick an operation of its OpenAPI
 * document, fill its parameters and body, send, and see the status, time and answer.
 */
export function TestPage() {
  const { t } = useTranslation();
  const { neuron = '' } = useParams();
  const info = useNeuronInfo(neuron);
  const token = useAccessToken(neuron);
  const document = useApiDocument(neuron);
  const operations = useMemo(() => listOperations(document.data), [document.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();

  const name = info.data?.name ?? neuron;
  const heading = (
    <PageHeading
      title={t('neuronAccess.test.title')}
      subtitle={t('neuronAccess.test.subtitle', { name })}
    />
  );

  if (token.isError && isNoSubscription(token.error)) {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        {heading}
        <NoSubscription neuron={neuron} name={name} />
      </Box>
    );
  }
  const failed = [token, document].find((query) => query.isError);
  if (failed) {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        {heading}
        <NeuronLoadError error={failed.error} onRetry={() => void failed.refetch()} />
      </Box>
    );
  }
  if (token.data === undefined || document.data === undefined) {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        {heading}
        <LoadingBlock />
      </Box>
    );
  }
  const operation =
    operations.find((candidate) => candidate.id === chosen) ?? firstOperation(neuron, operations);
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      {heading}
      {operation === null ? (
        <Alert severity="info">{t('neuronAccess.operation.none')}</Alert>
      ) : (
        <>
          <OperationSelect
            id={selectId}
            operations={operations}
            value={operation.id}
            onChange={setChosen}
          />
          <TestConsole
            key={operation.id}
            operation={operation}
            token={token.data.token}
            microserviceUrl={token.data.microserviceUrl}
          />
        </>
      )}
    </Box>
  );
}
