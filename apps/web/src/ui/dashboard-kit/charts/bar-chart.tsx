import { formatMoney } from '@shop/contract/money';
import { Bar } from 'react-chartjs-2';
import { baseOptions, chartColors } from './chart-setup';

interface BarChartProps {
  labels: string[];
  values: number[];
  label: string;
  /** The values are dollars: the axis and the tooltips read as money. */
  money?: boolean;
  /** One row per label, the bars running across (long labels, the steps of a funnel). */
  horizontal?: boolean;
  /** A second line for each bar's tooltip (the units behind a category's revenue). */
  details?: string[];
}

export function BarChart({ labels, values, label, money = false, horizontal = false, details }: BarChartProps) {
  const valueAxis = {
    beginAtZero: true,
    ticks: money ? { callback: (value: string | number) => formatMoney(Number(value)) } : { precision: 0 },
  };
  const labelAxis = { grid: { display: false } };
  return (
    <Bar
      aria-hidden="true"
      data={{
        labels,
        datasets: [
          {
            label,
            data: values,
            backgroundColor: chartColors(labels.length),
            borderRadius: 8,
            maxBarThickness: 72,
          },
        ],
      }}
      options={baseOptions<'bar'>({
        indexAxis: horizontal ? 'y' : 'x',
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              ...(money && { label: (item) => `${label}: ${formatMoney(Number(item.raw))}` }),
              ...(details && { afterLabel: (item) => details[item.dataIndex] ?? '' }),
            },
          },
        },
        scales: horizontal ? { x: valueAxis, y: labelAxis } : { y: valueAxis, x: labelAxis },
      })}
    />
  );
}
