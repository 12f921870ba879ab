import { Doughnut } from 'react-chartjs-2';
import { baseOptions, CHART_COLORS } from './chart-setup';

interface DoughnutChartProps {
  labels: string[];
  values: number[];
  label: string;
}

export function DoughnutChart({ labels, values, label }: DoughnutChartProps) {
  return (
    <Doughnut
      aria-hidden="true"
      data={{
        labels,
        datasets: [
          {
            label,
            data: values,
            backgroundColor: labels.map((_, i) => CHART_COLORS[i % CHART_COLORS.length]),
            borderColor: '#ffffff',
            borderWidth: 3,
          },
        ],
      }}
      options={baseOptions<'doughnut'>({
        cutout: '62%',
        plugins: { legend: { position: 'bottom', labels: { usePointStyle: true, padding: 18 } } },
      })}
    />
  );
}
