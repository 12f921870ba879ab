import { Bar } from 'react-chartjs-2';
import { baseOptions, chartColors, moneyTicks, moneyTooltip, type SeriesChartProps, seriesData } from './chart-setup';

interface BarChartProps extends SeriesChartProps {
  /** The values are dollars: the axis and the tooltips read as money. */
  money?: boolean;
  /** One row per label, the bars running across (long labels, the steps of a funnel). */
  horizontal?: boolean;
  /** A second line for each bar's tooltip (the units behind a category's revenue). */
  details?: string[];
}

export function BarChart({ money = false, horizontal = false, details, ...series }: BarChartProps) {
  const valueAxis = { beginAtZero: true, ticks: money ? moneyTicks : { precision: 0 } };
  const labelAxis = { grid: { display: false } };
  return (
    <Bar
      aria-hidden="true"
      data={seriesData(series, {
        backgroundColor: chartColors(series.labels.length),
        borderRadius: 8,
        maxBarThickness: 72,
      })}
      options={baseOptions<'bar'>({
        indexAxis: horizontal ? 'y' : 'x',
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              ...(money && { label: moneyTooltip(series.label) }),
              ...(details && { afterLabel: (item) => details[item.dataIndex] ?? '' }),
            },
          },
        },
        scales: horizontal ? { x: valueAxis, y: labelAxis } : { y: valueAxis, x: labelAxis },
      })}
    />
  );
}
