import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import EChartsReactCore from 'echarts-for-react/lib/core';

// Only what a bar chart needs: the whole of echarts is twice the size.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface MonthlyChartProps {
  /** The 12 monthly totals, January first. */
  values: number[];
  /** The 12 month names under the bars. */
  labels: string[];
  /** What one value counts (the tooltip's name). */
  seriesName: string;
  /** The chart's accessible name; its figures are in the table the page draws beside it. */
  label: string;
  describedBy?: string;
  /** How the axis writes a number: the page's own format (1.234 in Vietnamese, 1,234 in English). */
  formatValue(value: number): string;
}

/** The report's monthly bar chart (echarts, loaded only with this component: the report page's own chunk). */
export default function MonthlyChart({
  values,
  labels,
  seriesName,
  label,
  describedBy,
  formatValue,
}: MonthlyChartProps) {
  const option = {
    color: ['#1a4d9c'],
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: unknown) => formatValue(Number(value)),
    },
    xAxis: { type: 'category', data: labels, axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (value: number) => formatValue(value) } },
    series: [{ name: seriesName, type: 'bar', data: values, barMaxWidth: 32 }],
  };
  return (
    <EChartsReactCore
      echarts={echarts}
      option={option}
      notMerge
      // The canvas keeps its pixel width until echarts sees the resize: clipped, it never widens the page
      // (nor, through min-content, the layout around it) when the window narrows.
      style={{ height: 300, width: '100%', minWidth: 0, overflow: 'hidden' }}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
    />
  );
}
