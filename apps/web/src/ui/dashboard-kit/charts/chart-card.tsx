import type { ReactNode } from 'react';

interface ChartCardProps {
  title: string;
  /** What the chart shows, in words: the canvas itself says nothing to a screen reader. */
  summary: string;
  children: ReactNode;
  className?: string;
}

export function ChartCard({ title, summary, children, className = '' }: ChartCardProps) {
  return (
    <figure className={`rounded-2xl border border-sand bg-white p-5 sm:p-6 ${className}`}>
      <figcaption className="font-display text-xl text-ink">{title}</figcaption>
      <div role="img" aria-label={summary} className="relative mt-5 h-64 sm:h-72">
        {children}
      </div>
    </figure>
  );
}
