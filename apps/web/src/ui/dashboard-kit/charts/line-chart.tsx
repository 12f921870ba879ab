import { Line } from 'react-chartjs-2';
import { baseOptions, CHART_COLORS, moneyTicks, moneyTooltip, type SeriesChartProps, seriesData } from './chart-setup';

/** Money over time: the axis and the tooltips read as dollars. */
export function MoneyLineChart(props: SeriesChartProps) {
  return (
    <Line
      aria-hidden="true"
      data={seriesData(props, {
        borderColor: CHART_COLORS[0],
        backgroundColor: 'rgba(154, 68, 41, 0.12)',
        pointBackgroundColor: CHART_COLORS[0],
        fill: true,
        // Monotone curves never dip below zero between two months.
        cubicInterpolationMode: 'monotone',
      })}
      options={baseOptions<'line'>({
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: moneyTooltip(props.label) } },
        },
        scales: {
          y: { beginAtZero: true, ticks: moneyTicks },
          x: { grid: { display: false } },
        },
      })}
    />
  );
}
