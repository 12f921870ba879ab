import { PRODUCT_GRID_CLASS } from './product-grid';

export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-xl bg-sand/60 ${className}`} />;
}

/** A few lines of text on their way, each as wide as its `widths` class says. */
export function LinesSkeleton({ label, widths }: { label: string; widths: readonly string[] }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="space-y-2">
      {widths.map((width) => (
        <Skeleton key={width} className={`h-4 ${width}`} />
      ))}
    </div>
  );
}

/** Same grid and card proportions as the real one, so nothing moves when products arrive. */
export function ProductGridSkeleton({ count = 8, label = 'Loading products' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label}>
      <ul className={PRODUCT_GRID_CLASS}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className="flex flex-col">
            <Skeleton className="aspect-[4/5] w-full rounded-2xl" />
            <Skeleton className="mt-4 h-3 w-16" />
            <Skeleton className="mt-2.5 h-5 w-3/4" />
            <Skeleton className="mt-3 h-4 w-1/3" />
          </li>
        ))}
      </ul>
    </div>
  );
}
