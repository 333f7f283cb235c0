import '../i18n/register';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAccessToken } from '../api/get-access-token';
import { useApiDocument } from '../api/get-api-document';
import { useNeuronInfo } from '../api/get-neuron-info';
import { CodeBlock } from '../../../components/code-block';
import { LoadingBlock } from '../components/loading-block';
import { NeuronLoadError } from '../components/neuron-load-error';
import { OperationReference } from '../components/operation-reference';
import { OperationSelect } from '../components/operation-select';
import { PageHeading } from '../components/page-heading';
import {
  buildCodeSample,
  CODE_LANGUAGES,
  TOKEN_PLACEHOLDER,
  type CodeLanguage,
} from '../utils/code-samples';
import { listOperations, type ApiOperation } from '../utils/openapi';
import { firstOperation, initialBody, initialParameterValue } from '../utils/sample-requests';
import { saveJson } from '../../../lib/save-file';

const LANGUAGE_NAMES: Record<CodeLanguage, string> = {
  curl: 'curl',
  javascript: 'JavaScript (fetch)',
  python: 'Python (requests)',
};

type ExamplesProps = {
  operations: ApiOperation[];
  neuron: string;
  microserviceUrl: string;
  /** Only to keep it out of the examples. */
  token: string | undefined;
};

function CodeExamples({ operations, neuron, microserviceUrl, token }: ExamplesProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const tabsId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [language, setLanguage] = useState<CodeLanguage>('curl');
  const operation =
    operations.find((candidate) => candidate.id === chosen) ?? firstOperation(neuron, operations);
  if (operation === null) return null;
  const values = Object.fromEntries(
    operation.parameters.map((parameter) => [
      parameter.name,
      initialParameterValue(parameter, TOKEN_PLACEHOLDER),
    ]),
  );
  const code = buildCodeSample(
    language,
    { operation, microserviceUrl, values, body: initialBody(operation) },
    token,
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${tabsId}-title`}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Typography id={`${tabsId}-title`} variant="h6" component="h2">
        {t('neuronAccess.integration.examples')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('neuronAccess.integration.examplesHint', { placeholder: TOKEN_PLACEHOLDER })}
      </Typography>
      <OperationSelect
        id={selectId}
        operations={operations}
        value={operation.id}
        onChange={setChosen}
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
        <Tabs
          value={language}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('neuronAccess.integration.language')}
          onChange={(_, value: CodeLanguage) => {
            setLanguage(value);
          }}
        >
          {CODE_LANGUAGES.map((item) => (
            <Tab
              key={item}
              value={item}
              label={LANGUAGE_NAMES[item]}
              id={`${tabsId}-${item}`}
              aria-controls={`${tabsId}-panel`}
            />
          ))}
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id={`${tabsId}-panel`}
        aria-labelledby={`${tabsId}-${language}`}
        sx={{ minWidth: 0 }}
      >
        <CodeBlock code={code} label={LANGUAGE_NAMES[language]} />
      </Box>
    </Paper>
  );
}

/**
 * How to integrate the neuron: its OpenAPI document rendered operation by operation, a
 * download of the JSON, and curl, JavaScript and Python examples at the real API address with
 * a placeholder token (the team's token never goes into an example).
 */
export function IntegrationPage() {
  const { t } = useTranslation();
  const { neuron = '' } = useParams();
  const info = useNeuronInfo(neuron);
  const token = useAccessToken(neuron);
  const document = useApiDocument(neuron);
  const operations = useMemo(() => listOperations(document.data), [document.data]);

  const heading = (
    <PageHeading
      title={t('neuronAccess.integration.title')}
      subtitle={t('neuronAccess.integration.subtitle', { name: info.data?.name ?? neuron })}
      actions={
        document.data === undefined ? undefined : (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => {
              saveJson(document.data, `${neuron}-openapi.json`);
            }}
          >
            {t('neuronAccess.integration.download')}
          </Button>
        )
      }
    />
  );
  const failed = [document, info].find((query) => query.isError);
  if (failed) {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        {heading}
        <NeuronLoadError error={failed.error} onRetry={() => void failed.refetch()} />
      </Box>
    );
  }
  if (document.data === undefined || info.data === undefined || token.isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        {heading}
        <LoadingBlock />
      </Box>
    );
  }
  // The token call's address; without a subscription, the neuron's (the same server setting).
  const microserviceUrl = token.data?.microserviceUrl ?? info.data.microserviceUrl;
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      {heading}
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 0.5, minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {t('neuronAccess.integration.address')}
        </Typography>
        <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {microserviceUrl}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('neuronAccess.integration.auth')}
        </Typography>
      </Paper>
      {operations.length === 0 ? (
        <Alert severity="info">{t('neuronAccess.operation.none')}</Alert>
      ) : (
        <>
          <CodeExamples
            operations={operations}
            neuron={neuron}
            microserviceUrl={microserviceUrl}
            token={token.data?.token}
          />
          <Box
            component="section"
            aria-labelledby="neuron-reference"
            sx={{ display: 'grid', gap: 1, minWidth: 0 }}
          >
            <Typography id="neuron-reference" variant="h6" component="h2">
              {t('neuronAccess.integration.reference')}
            </Typography>
            {operations.map((operation) => (
              <OperationReference key={operation.id} operation={operation} />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
