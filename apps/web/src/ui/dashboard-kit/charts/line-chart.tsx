import { formatMoney } from '@shop/contract/money';
import { Line } from 'react-chartjs-2';
import { baseOptions, CHART_COLORS } from './chart-setup';

interface LineChartProps {
  labels: string[];
  values: number[];
  label: string;
}

/** Money over time: the axis and the tooltips read as dollars. */
export function MoneyLineChart({ labels, values, label }: LineChartProps) {
  return (
    <Line
      aria-hidden="true"
      data={{
        labels,
        datasets: [
          {
            label,
            data: values,
            borderColor: CHART_COLORS[0],
            backgroundColor: 'rgba(154, 68, 41, 0.12)',
            pointBackgroundColor: CHART_COLORS[0],
            fill: true,
            // Monotone curves never dip below zero between two months.
            cubicInterpolationMode: 'monotone',
          },
        ],
      }}
      options={baseOptions<'line'>({
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => `${label}: ${formatMoney(Number(item.raw))}` } },
        },
        scales: {
          y: { beginAtZero: true, ticks: { callback: (value) => formatMoney(Number(value)) } },
          x: { grid: { display: false } },
        },
      })}
    />
  );
}
