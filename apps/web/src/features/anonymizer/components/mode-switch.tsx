import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import type { AnonymizeMode } from '../api/anonymize-text';

type ModeSwitchProps = {
  value: AnonymizeMode;
  onChange: (mode: AnonymizeMode) => void;
  disabled?: boolean;
};

/** The TEXT/HTML switch: the format of the text, and so the API call that anonymises it. */
export function ModeSwitch({ value, onChange, disabled = false }: ModeSwitchProps) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      disabled={disabled}
      aria-label={t('anonymizer.mode.label')}
      onChange={(_event, mode: AnonymizeMode | null) => {
        // Pressing the selected button again would leave no mode: keep the current one.
        if (mode !== null) onChange(mode);
      }}
    >
      <ToggleButton value="text">{t('anonymizer.mode.text')}</ToggleButton>
      <ToggleButton value="html">{t('anonymizer.mode.html')}</ToggleButton>
    </ToggleButtonGroup>
  );
}
