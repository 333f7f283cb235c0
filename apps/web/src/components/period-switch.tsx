import { USAGE_PERIODS, type UsagePeriod } from '@app/contracts/neuron-access';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';

type PeriodSwitchProps = { value: UsagePeriod; onChange: (period: UsagePeriod) => void };

/** Last day, week, month or year: the span a usage page covers. */
export function PeriodSwitch({ value, onChange }: PeriodSwitchProps) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      aria-label={t('common.period.label')}
      onChange={(_, period: UsagePeriod | null) => {
        if (period !== null) onChange(period);
      }}
    >
      {USAGE_PERIODS.map((period) => (
        <ToggleButton key={period} value={period}>
          {t(`common.period.${period}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
