import '../i18n/register';
import { zodResolver } from '@hookform/resolvers/zod';
import SendIcon from '@mui/icons-material/Send';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { z } from 'zod';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
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
import { formatMs } from '../../../lib/format';
import {
  buildOperationUrl,
  describeType,
  listOperations,
  type ApiOperation,
} from '../utils/openapi';
import { firstOperation, initialBody, initialParameterValue } from '../utils/sample-requests';

type ConsoleProps = {
  neuron: string;
  operation: ApiOperation;
  token: string;
  microserviceUrl: string;
};

/** The request of one operation: its parameters in order, its body text, or its file. */
type RequestValues = { parameters: string[]; body: string; file: File | null };

/** A required parameter filled in, a file chosen when one is sent, a JSON body that parses. */
function requestSchema(operation: ApiOperation) {
  return z
    .object({
      parameters: z.array(z.string()),
      body: z.string(),
      file: z.custom<File | null>(),
    })
    .superRefine((values, context) => {
      operation.parameters.forEach((parameter, index) => {
        if (parameter.required && (values.parameters[index] ?? '').trim() === '') {
          const message = 'neuronAccess.test.missing';
          context.addIssue({ code: 'custom', path: ['parameters', index], message });
        }
      });
      if (operation.body?.kind === 'multipart' && values.file === null) {
        context.addIssue({
          code: 'custom',
          path: ['file'],
          message: 'neuronAccess.test.needsFile',
        });
      }
      if (operation.body?.kind === 'json' && !isJson(values.body)) {
        context.addIssue({
          code: 'custom',
          path: ['body'],
          message: 'neuronAccess.test.invalidJson',
        });
      }
    });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function buildCall(
  operation: ApiOperation,
  values: RequestValues,
  microserviceUrl: string,
): NeuronCall {
  const pathValues: Record<string, string> = {};
  const query: [string, string][] = [];
  operation.parameters.forEach((parameter, index) => {
    const value = values.parameters[index] ?? '';
    if (parameter.in === 'path') pathValues[parameter.name] = value;
    else if (parameter.in === 'query' && value !== '') query.push([parameter.name, value]);
  });
  const request: NeuronCall = {
    method: operation.method,
    url: buildOperationUrl({ microserviceUrl, path: operation.path, pathValues, query }),
  };
  if (operation.body?.kind === 'multipart' && values.file !== null) {
    const form = new FormData();
    form.append(operation.body.fileField, values.file);
    request.body = { form };
  } else if (operation.body && operation.body.kind !== 'multipart') {
    request.body = { contentType: operation.body.contentType, text: values.body };
  }
  return request;
}

/** One operation's form: its parameters, its body or file, Send, and the answer. */
function TestConsole({ neuron, operation, token, microserviceUrl }: ConsoleProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const call = useCallNeuronApi(neuron);
  const form = useForm<RequestValues>({
    resolver: zodResolver(requestSchema(operation)),
    defaultValues: {
      parameters: operation.parameters.map((parameter) => initialParameterValue(parameter, token)),
      body: initialBody(operation),
      file: null,
    },
  });

  const bodyLabel =
    operation.body?.kind === 'json'
      ? t('neuronAccess.test.bodyJson')
      : t('neuronAccess.test.bodyText');
  const chooseFile =
    operation.body?.kind === 'multipart'
      ? t('neuronAccess.test.chooseFile', { field: operation.body.fileField })
      : '';

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
        <Form
          form={form}
          label={t('neuronAccess.test.request')}
          serverFields={[]}
          // A call that gets no answer is told in the answer panel, beside the form.
          describeError={() => null}
          onSubmit={async (values) => {
            await call.mutateAsync(buildCall(operation, values, microserviceUrl));
          }}
        >
          <Typography variant="subtitle1" component="h2">
            {t('neuronAccess.test.request')}
          </Typography>
          {operation.summary === '' ? null : (
            <Typography variant="body2" color="text.secondary">
              {operation.summary}
            </Typography>
          )}
          {operation.parameters.map((parameter, index) => {
            const name = `parameters.${index}`;
            if (parameter.name.toLowerCase() === 'token') {
              return (
                <Controller
                  key={name}
                  control={form.control}
                  name={`parameters.${index}`}
                  render={({ field, fieldState }) => (
                    <SecretField
                      id={`field-${name}`}
                      label={parameter.name}
                      required={parameter.required}
                      error={fieldState.error !== undefined}
                      helperText={
                        fieldState.error?.message === undefined
                          ? t('neuronAccess.test.tokenHint')
                          : t(fieldState.error.message, { name: parameter.name })
                      }
                      value={field.value}
                      onChange={field.onChange}
                    />
                  )}
                />
              );
            }
            const hint = [
              t(`neuronAccess.parameterIn.${parameter.in}`),
              describeType(parameter.schema),
              parameter.description,
            ]
              .filter((part) => part !== '')
              .join(' · ');
            return (
              <FormTextField
                key={name}
                name={name}
                label={parameter.name}
                required={parameter.required}
                hint={hint}
                errorValues={{ name: parameter.name }}
              />
            );
          })}
          {operation.body?.kind === 'multipart' ? (
            <Controller
              control={form.control}
              name="file"
              render={({ field, fieldState }) => (
                <FormControl error={fieldState.error !== undefined}>
                  <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Button
                      variant="outlined"
                      startIcon={<UploadFileIcon />}
                      onClick={() => {
                        fileInput.current?.click();
                      }}
                    >
                      {chooseFile}
                    </Button>
                    <input
                      ref={fileInput}
                      type="file"
                      hidden
                      aria-label={chooseFile}
                      onChange={(event) => {
                        field.onChange(event.target.files?.[0] ?? null);
                      }}
                    />
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {field.value === null ? t('neuronAccess.test.noFile') : field.value.name}
                    </Typography>
                  </Box>
                  {fieldState.error?.message === undefined ? null : (
                    <FormHelperText>{t(fieldState.error.message)}</FormHelperText>
                  )}
                </FormControl>
              )}
            />
          ) : operation.body ? (
            <Controller
              control={form.control}
              name="body"
              render={({ field, fieldState }) => (
                <TextField
                  id="field-body"
                  fullWidth
                  multiline
                  minRows={6}
                  maxRows={18}
                  label={bodyLabel}
                  error={fieldState.error !== undefined}
                  helperText={
                    fieldState.error?.message === undefined
                      ? operation.body?.contentType
                      : t(fieldState.error.message)
                  }
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  slotProps={{
                    htmlInput: {
                      spellCheck: false,
                      sx: { fontFamily: 'monospace', fontSize: '0.8125rem' },
                    },
                  }}
                />
              )}
            />
          ) : null}
          <Box>
            <SubmitButton endIcon={<SendIcon />}>{t('neuronAccess.test.send')}</SubmitButton>
          </Box>
        </Form>
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
            neuron={neuron}
            operation={operation}
            token={token.data.token}
            microserviceUrl={token.data.microserviceUrl}
          />
        </>
      )}
    </Box>
  );
}
