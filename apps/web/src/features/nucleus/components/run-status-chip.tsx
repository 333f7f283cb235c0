import type { TRunStatus } from '@app/contracts/nucleus';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../utils/run-status';

/** A run's status in words and colour. */
export function RunStatusChip({ status }: { status: TRunStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      variant={status === 'DRAFT' ? 'outlined' : 'filled'}
      label={t(`nucleus.status.${status}`)}
    />
  );
}
