import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ApiOperation } from '../utils/openapi';

type OperationSelectProps = {
  id: string;
  operations: ApiOperation[];
  value: string;
  onChange: (operationId: string) => void;
};

/** The operation to call or to see examples of: method, path and what it does. */
export function OperationSelect({ id, operations, value, onChange }: OperationSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      select
      fullWidth
      size="small"
      label={t('neuronAccess.operation.label')}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    >
      {operations.map((operation) => (
        <MenuItem key={operation.id} value={operation.id} sx={{ whiteSpace: 'normal' }}>
          <span>
            <strong>{operation.method}</strong> {operation.path}
            {operation.summary === '' ? null : ` — ${operation.summary}`}
          </span>
        </MenuItem>
      ))}
    </TextField>
  );
}
