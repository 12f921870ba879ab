import { Bar } from 'react-chartjs-2';
import { baseOptions, CHART_COLORS } from './chart-setup';

interface BarChartProps {
  labels: string[];
  values: number[];
  label: string;
}

export function BarChart({ labels, values, label }: BarChartProps) {
  return (
    <Bar
      aria-hidden="true"
      data={{
        labels,
        datasets: [
          {
            label,
            data: values,
            backgroundColor: labels.map((_, i) => CHART_COLORS[i % CHART_COLORS.length]),
            borderRadius: 8,
            maxBarThickness: 72,
          },
        ],
      }}
      options={baseOptions<'bar'>({
        plugins: { legend: { display: false } },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { grid: { display: false } } },
      })}
    />
  );
}
