import type { TDatasetEntry } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetRelations } from '../api/set-relations';
import { getAxonErrorMessage } from '../utils/axon-error-text';

type Family = NonNullable<TDatasetEntry['datasetFamily']>;

type RelationsFormProps = {
  datasetId: string;
  family: Family;
};

/**
 * The relations of a family's dataset: which of its columns refers to a column (a key) of
 * another dataset of the family. Existing ones are listed; a new one is saved by the loader.
 */
export function RelationsForm({ datasetId, family }: RelationsFormProps) {
  const { t } = useTranslation();
  const relations = useSetRelations();
  const own = family.datasets.find((member) => member.datasetId === datasetId);
  const others = family.datasets.filter((member) => member.datasetId !== datasetId);
  const [column, setColumn] = useState('');
  const [referencedDatasetId, setReferencedDatasetId] = useState('');
  const [referencedColumn, setReferencedColumn] = useState('');
  const referenced = others.find((member) => member.datasetId === referencedDatasetId);
  const existing = (own?.fields ?? []).filter((field) => field.dsfReference !== null);
  if (!own || others.length === 0) return null;
  return (
    <Box component="section" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {t('axon.relations.title')}
      </Typography>
      {existing.length === 0 ? (
        <Typography>{t('axon.relations.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {existing.map((field) => (
            <li key={field.dsfName}>
              {field.dsfName} → {field.dsfReference}
            </li>
          ))}
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr auto' },
        }}
      >
        <TextField
          select
          size="small"
          label={t('axon.relations.column')}
          value={column}
          onChange={(event) => {
            setColumn(event.target.value);
          }}
        >
          {own.fields.map((field) => (
            <MenuItem key={field.dsfName} value={field.dsfName}>
              {field.dsfName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('axon.relations.dataset')}
          value={referencedDatasetId}
          onChange={(event) => {
            setReferencedDatasetId(event.target.value);
            setReferencedColumn('');
          }}
        >
          {others.map((member) => (
            <MenuItem key={member.datasetId} value={member.datasetId}>
              {member.datasetName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('axon.relations.referencedColumn')}
          value={referencedColumn}
          disabled={!referenced}
          onChange={(event) => {
            setReferencedColumn(event.target.value);
          }}
        >
          {(referenced?.fields ?? []).map((field) => (
            <MenuItem key={field.dsfName} value={field.dsfName}>
              {field.dsfName}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          loading={relations.isPending}
          disabled={column === '' || referencedColumn === ''}
          onClick={() => {
            relations.mutate({
              relations: [{ datasetId, column, referencedDatasetId, referencedColumn }],
            });
          }}
        >
          {t('axon.relations.save')}
        </Button>
      </Box>
      {relations.isError && (
        <Alert severity="error">{getAxonErrorMessage(t, relations.error)}</Alert>
      )}
      {relations.isSuccess && <Alert severity="success">{t('axon.relations.saved')}</Alert>}
    </Box>
  );
}
