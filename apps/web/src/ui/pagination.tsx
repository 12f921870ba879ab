import { OutlineIcon } from './icons';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/**
 * Page numbers to show: all of them when there are at most `showAllUpTo`, else the first, the last and the
 * current one's neighbours, with gaps between.
 */
export function pageItems(page: number, totalPages: number, showAllUpTo = 7): (number | 'gap')[] {
  if (totalPages <= showAllUpTo) return Array.from({ length: totalPages }, (_, i) => i + 1);
  // Built from the few numbers shown, never by walking every page: the whole catalogue has thousands.
  const shown = [...new Set([1, page - 1, page, page + 1, totalPages])]
    .filter((n) => n >= 1 && n <= totalPages)
    .sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  for (const n of shown) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && n > previous + 1) items.push('gap');
    items.push(n);
  }
  return items;
}

/** A phone fits five page numbers on one line beside the arrows; a wider screen fits seven. */
const PHONE_SHOW_ALL_UP_TO = 5;

const base =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-full px-2.5 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-40 sm:h-10 sm:min-w-10 sm:px-3';

function PageNumbers({
  items,
  page,
  onPageChange,
  className = 'contents',
}: {
  items: (number | 'gap')[];
  page: number;
  onPageChange: (page: number) => void;
  className?: string;
}) {
  return (
    <span className={className}>
      {items.map((item, index) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity beyond its place
          <span key={`gap-${index}`} aria-hidden="true" className="px-0.5 text-muted sm:px-1">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            className={`${base} ${item === page ? 'bg-ink text-ivory' : 'hover:bg-linen'}`}
            onClick={() => onPageChange(item)}
          >
            {item}
          </button>
        ),
      )}
    </span>
  );
}

function Arrow({ d }: { d: string }) {
  return <OutlineIcon d={d} viewBox="0 0 20 20" strokeWidth="1.6" className="size-4 sm:hidden" />;
}

/** Previous / numbered pages / Next under a paged list, on one line even on a phone. */
export function Pagination({ page, totalPages, onPageChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  const wide = pageItems(page, totalPages);
  const phone = pageItems(page, totalPages, PHONE_SHOW_ALL_UP_TO);
  const same = wide.join() === phone.join();
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-1 sm:gap-1.5">
      <button
        type="button"
        className={`${base} border border-sand hover:border-ink`}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <Arrow d="M12.5 4.5L7 10l5.5 5.5" />
        <span className="sr-only sm:not-sr-only">Previous</span>
      </button>
      {same ? (
        <PageNumbers items={wide} page={page} onPageChange={onPageChange} />
      ) : (
        <>
          <PageNumbers items={phone} page={page} onPageChange={onPageChange} className="contents sm:hidden" />
          <PageNumbers items={wide} page={page} onPageChange={onPageChange} className="hidden sm:contents" />
        </>
      )}
      <button
        type="button"
        className={`${base} border border-sand hover:border-ink`}
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        <span className="sr-only sm:not-sr-only">Next</span>
        <Arrow d="M7.5 4.5L13 10l-5.5 5.5" />
      </button>
    </nav>
  );
}
