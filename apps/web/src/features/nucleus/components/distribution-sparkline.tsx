import type { TColumnDistribution } from '@app/contracts/nucleus';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { distributionBars, distributionText } from '../utils/distribution-text';

const WIDTH = 96;
const HEIGHT = 28;

/**
 * A column's distribution as small bars (a histogram in order, or the top values by
 * frequency), with the same in words as its accessible name and tooltip.
 */
export function DistributionSparkline({
  distribution,
}: {
  distribution: TColumnDistribution | null;
}) {
  const { t, i18n } = useTranslation();
  if (distribution === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('nucleus.profile.distribution.none')}
      </Typography>
    );
  }
  const bars = distributionBars(distribution);
  const text = distributionText(t, distribution, i18n.language);
  const step = WIDTH / Math.max(1, bars.length);
  const gap = bars.length > 12 ? 0.5 : 1.5;
  return (
    <Tooltip title={text}>
      <Box
        component="svg"
        role="img"
        aria-label={text}
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
        sx={{ display: 'block', color: distribution.kind === 'histogram' ? '#1565c0' : '#6a1b9a' }}
      >
        {bars.map((share, index) => {
          const height = Math.max(share > 0 ? 1 : 0, share * (HEIGHT - 2));
          return (
            <rect
              key={index}
              x={index * step + gap / 2}
              y={HEIGHT - height}
              width={Math.max(0.5, step - gap)}
              height={height}
              fill="currentColor"
            />
          );
        })}
      </Box>
    </Tooltip>
  );
}
