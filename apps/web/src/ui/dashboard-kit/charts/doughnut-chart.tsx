import { Doughnut } from 'react-chartjs-2';
import { baseOptions, chartColors, type SeriesChartProps, seriesData } from './chart-setup';

export function DoughnutChart(props: SeriesChartProps) {
  return (
    <Doughnut
      aria-hidden="true"
      data={seriesData(props, {
        backgroundColor: chartColors(props.labels.length),
        borderColor: '#ffffff',
        borderWidth: 3,
      })}
      options={baseOptions<'doughnut'>({
        cutout: '62%',
        plugins: { legend: { position: 'bottom', labels: { usePointStyle: true, padding: 18 } } },
      })}
    />
  );
}
