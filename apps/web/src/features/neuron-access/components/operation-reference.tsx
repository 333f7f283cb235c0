import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describeType, type ApiOperation } from '../utils/openapi';

const METHOD_COLORS: Record<string, 'primary' | 'success' | 'warning' | 'error' | 'default'> = {
  GET: 'primary',
  POST: 'success',
  PUT: 'warning',
  PATCH: 'warning',
  DELETE: 'error',
};

export function MethodChip({ method }: { method: string }) {
  return (
    <Chip
      size="small"
      label={method}
      color={METHOD_COLORS[method] ?? 'default'}
      sx={{ fontFamily: 'monospace', fontWeight: 600, minWidth: 64 }}
    />
  );
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h4">
      {children}
    </Typography>
  );
}

/** One operation of the document: method, path, summary; opened, its parameters, body, answers. */
export function OperationReference({ operation }: { operation: ApiOperation }) {
  const { t } = useTranslation();
  return (
    <Accordion
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
          <MethodChip method={operation.method} />
          {/* The accordion's summary is already an h3 (MUI's default): plain text inside. */}
          <Typography component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {operation.path}
          </Typography>
          {operation.summary === '' ? null : (
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ display: 'block', width: '100%' }}
            >
              {operation.summary}
            </Typography>
          )}
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        {operation.description === '' ? null : <Typography>{operation.description}</Typography>}
        <SectionTitle>{t('neuronAccess.integration.parameters')}</SectionTitle>
        {operation.parameters.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('neuronAccess.integration.noParameters')}
          </Typography>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('neuronAccess.integration.parameters')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('neuronAccess.integration.name')}</TableCell>
                  <TableCell>{t('neuronAccess.integration.in')}</TableCell>
                  <TableCell>{t('neuronAccess.integration.type')}</TableCell>
                  <TableCell>{t('neuronAccess.integration.required')}</TableCell>
                  <TableCell>{t('neuronAccess.integration.description')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {operation.parameters.map((parameter) => (
                  <TableRow key={`${parameter.in}-${parameter.name}`}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{parameter.name}</TableCell>
                    <TableCell>{t(`neuronAccess.parameterIn.${parameter.in}`)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>
                      {describeType(parameter.schema)}
                    </TableCell>
                    <TableCell>
                      {parameter.required
                        ? t('neuronAccess.integration.yes')
                        : t('neuronAccess.integration.no')}
                    </TableCell>
                    <TableCell>{parameter.description}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <SectionTitle>{t('neuronAccess.integration.body')}</SectionTitle>
        {operation.body === null ? (
          <Typography variant="body2" color="text.secondary">
            {t('neuronAccess.integration.noBody')}
          </Typography>
        ) : operation.body.kind === 'multipart' ? (
          <Typography variant="body2">
            {t('neuronAccess.integration.multipart', {
              type: operation.body.contentType,
              field: operation.body.fileField,
            })}
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {operation.body.contentType}
            </Typography>
            {operation.body.schema === null ? null : (
              <Box
                component="pre"
                tabIndex={0}
                aria-label={t('neuronAccess.integration.schema')}
                sx={{
                  m: 0,
                  p: 1.5,
                  overflow: 'auto',
                  maxHeight: 320,
                  bgcolor: 'grey.100',
                  borderRadius: 1,
                  fontSize: '0.8125rem',
                }}
              >
                {JSON.stringify(operation.body.schema, null, 2)}
              </Box>
            )}
          </Box>
        )}
        <SectionTitle>{t('neuronAccess.integration.responses')}</SectionTitle>
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {operation.responses.map((response) => (
            <li key={response.status}>
              <Typography variant="body2">
                <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                  {response.status}
                </Box>
                {response.description === '' ? '' : ` — ${response.description}`}
                {response.contentTypes.length === 0 ? '' : ` (${response.contentTypes.join(', ')})`}
              </Typography>
            </li>
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
