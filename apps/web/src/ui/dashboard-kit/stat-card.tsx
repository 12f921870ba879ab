import { OutlineIcon } from '../icons';
import { Skeleton } from '../skeleton';

interface StatCardProps {
  label: string;
  value: string;
  icon: string;
}

export function StatCard({ label, value, icon }: StatCardProps) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-sand bg-white p-5">
      <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-full bg-clay-soft text-clay">
        <OutlineIcon d={icon} className="size-5" />
      </span>
      <dl className="min-w-0">
        <dt className="text-sm text-muted">{label}</dt>
        <dd className="mt-0.5 truncate font-display text-2xl text-ink tabular-nums sm:text-3xl">{value}</dd>
      </dl>
    </div>
  );
}

export function StatCardsSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-[5.5rem] rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-2xl" />
    </div>
  );
}

/** Icons of the stat cards, drawn like the rest of the shop's line icons. */
export const STAT_ICONS = {
  money: 'M12 3v18M16.5 7.5c0-1.7-2-3-4.5-3s-4.5 1.3-4.5 3 2 2.6 4.5 3 4.5 1.3 4.5 3-2 3-4.5 3-4.5-1.3-4.5-3',
  orders: 'M6 8h12l-1 12H7L6 8zM9 8V6a3 3 0 016 0v2',
  users:
    'M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 20c1-3.2 3.5-4.8 6.5-4.8s5.5 1.6 6.5 4.8M16 4.5a3.5 3.5 0 010 6.5M18 15.5c1.7.6 2.9 2 3.5 4.5',
  products: 'M4 7l8-4 8 4v10l-8 4-8-4V7zm0 0l8 4 8-4M12 11v10',
  reviews: 'M12 4l2.4 4.9 5.4.8-3.9 3.8.9 5.4L12 16.4l-4.8 2.5.9-5.4-3.9-3.8 5.4-.8L12 4z',
} as const;
