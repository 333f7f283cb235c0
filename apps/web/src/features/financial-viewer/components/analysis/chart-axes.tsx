import { CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import {
  formatDayLabel,
  formatDayTick,
  formatEuroTick,
  formatEuroValue,
  type EuroAxis,
} from './chart-format';

const AXIS_TICK = { fontSize: 11 };

type DayAxesOptions = {
  /** The field of a row that holds its yyyy-MM-dd date. */
  dataKey: string;
  /** Pixels between the date ticks. */
  minTickGap: number;
  /** The euro axis' range and ticks, when its default (from 0) does not fit. */
  euroAxis?: EuroAxis;
};

/**
 * The grid, the dd-MM date axis, the euro axis and the tooltip of a chart of days. A function,
 * not a component: the charts read these as their own children.
 */
export function dayAxes({ dataKey, minTickGap, euroAxis }: DayAxesOptions) {
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey={dataKey}
        tickFormatter={formatDayTick}
        tick={AXIS_TICK}
        minTickGap={minTickGap}
      />
      <YAxis
        tickFormatter={formatEuroTick}
        tick={AXIS_TICK}
        // As wide as its longest tick: a fixed width cut "300,5 mil €" to "00,5 mil €".
        width="auto"
        {...euroAxis}
      />
      <Tooltip formatter={formatEuroValue} labelFormatter={formatDayLabel} />
    </>
  );
}
