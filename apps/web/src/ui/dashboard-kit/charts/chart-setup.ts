import { formatMoney } from '@shop/contract/money';
import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart,
  type ChartOptions,
  type ChartType,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type TooltipItem,
} from 'chart.js';

// Only the pieces the dashboards draw, so the rest of Chart.js stays out of the chunk.
Chart.register(ArcElement, BarElement, CategoryScale, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip);

Chart.defaults.font.family =
  getComputedStyle(document.documentElement).getPropertyValue('--font-sans').trim() || 'system-ui, sans-serif';
Chart.defaults.color = '#675d52';
Chart.defaults.borderColor = '#e6dccd';

/** The shop's palette, in the order series take it. */
export const CHART_COLORS = ['#9a4429', '#1f1a16', '#2f6b4f', '#c9bba8', '#7c3520'] as const;

/** One colour for each of `count` bars or slices, the palette over again when they outnumber it. */
export function chartColors(count: number): string[] {
  return Array.from({ length: count }, (_, i) => CHART_COLORS[i % CHART_COLORS.length] as string);
}

/**
 * No animation under automation (stable screenshots and tests) or when the person asked for less
 * motion.
 */
function animationsOff(): boolean {
  return navigator.webdriver || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function baseOptions<T extends ChartType>(options: ChartOptions<T>): ChartOptions<T> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    ...(animationsOff() ? { animation: false } : {}),
    ...options,
  } as ChartOptions<T>;
}

/** What every chart draws: one series, a value for each label, and the series' name. */
export interface SeriesChartProps {
  labels: string[];
  values: number[];
  label: string;
}

/** One series as a chart's data, drawn in the style that chart gives it. */
export function seriesData<const Style extends object>({ labels, values, label }: SeriesChartProps, style: Style) {
  return { labels, datasets: [{ label, data: values, ...style }] };
}

/** An axis of dollars: its ticks read as money. */
export const moneyTicks = { callback: (value: string | number) => formatMoney(Number(value)) };

/** A tooltip line of dollars: the series' name, then the value as money. */
export const moneyTooltip =
  (label: string) =>
  <T extends ChartType>(item: TooltipItem<T>) =>
    `${label}: ${formatMoney(Number(item.raw))}`;
