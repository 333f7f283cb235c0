import { FORECAST_HORIZONS, type ForecastHorizon } from '@app/contracts/financial-viewer';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: 30 days, 60 days, 90 days, 6 months, 1 year. */
export function horizonLabel(t: TFunction, horizon: ForecastHorizon): string {
  switch (horizon) {
    case 30:
      return t('financialViewer.analysis.forecast.horizons.days30');
    case 60:
      return t('financialViewer.analysis.forecast.horizons.days60');
    case 90:
      return t('financialViewer.analysis.forecast.horizons.days90');
    case 180:
      return t('financialViewer.analysis.forecast.horizons.months6');
    case 365:
      return t('financialViewer.analysis.forecast.horizons.year1');
  }
}

type HorizonSliderProps = {
  value: ForecastHorizon;
  /** Called once the user lets go (or with each key press). */
  onChange: (horizon: ForecastHorizon) => void;
};

/** The forecast horizon: five evenly spaced steps, whatever their number of days. */
export function HorizonSlider({ value, onChange }: HorizonSliderProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const committed = FORECAST_HORIZONS.indexOf(value);
  // Where the thumb is while it is dragged; the forecast is asked for when it is let go.
  const [dragged, setDragged] = useState<number | null>(null);
  const marks = FORECAST_HORIZONS.map((horizon, index) => ({
    value: index,
    label: horizonLabel(t, horizon),
  }));
  const toHorizon = (index: number): ForecastHorizon =>
    FORECAST_HORIZONS[index] ?? FORECAST_HORIZONS[0];
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, maxWidth: 560 }}>
      <Typography id={labelId} variant="subtitle2" gutterBottom>
        {t('financialViewer.analysis.forecast.horizon')}
      </Typography>
      <Slider
        aria-labelledby={labelId}
        value={dragged ?? committed}
        min={0}
        max={FORECAST_HORIZONS.length - 1}
        step={1}
        marks={marks}
        getAriaValueText={(index) => horizonLabel(t, toHorizon(index))}
        valueLabelDisplay="off"
        onChange={(_, next) => {
          setDragged(next);
        }}
        onChangeCommitted={(_, next) => {
          setDragged(null);
          if (toHorizon(next) !== value) onChange(toHorizon(next));
        }}
        sx={{ '& .MuiSlider-markLabel': { fontSize: { xs: 11, sm: 13 } } }}
      />
    </Box>
  );
}
