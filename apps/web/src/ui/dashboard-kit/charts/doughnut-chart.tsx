import { Doughnut } from 'react-chartjs-2';
import { baseOptions, chartColors } from './chart-setup';

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
            backgroundColor: chartColors(labels.length),
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
