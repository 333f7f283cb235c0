import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';
import { FigureBox } from '../../../components/figure-box';

type UsageMeterProps = { label: string; used: number; limit: number | null };

/** Used against the plan's limit: '3 of 10' and a bar (amber near it, red at it), or 'no limit'. */
export function UsageMeter({ label, used, limit }: UsageMeterProps) {
  const { t } = useTranslation();
  const share = limit === null || limit === 0 ? null : Math.min(1, used / limit);
  const color = share === null || share < 0.8 ? 'primary' : share < 1 ? 'warning' : 'error';
  return (
    <FigureBox
      label={label}
      value={
        limit === null
          ? t('nucleus.usage.unlimited', { used: formatCount(used) })
          : t('nucleus.usage.ofLimit', { used: formatCount(used), limit: formatCount(limit) })
      }
      share={share}
      color={color}
    />
  );
}
