import type { ReactNode } from 'react';
import { useScrollEdges } from '../../ui/use-scroll-edges';

interface FacetGroupProps {
  legend: string;
  /** On wide screens the options sit side by side as chips (the many short size labels). */
  wrap?: boolean;
  /** Every option is greyed: nothing in the row takes the focus. */
  allDisabled?: boolean;
  children: ReactNode;
}

export function FacetGroup({ legend, wrap = false, allDisabled = false, children }: FacetGroupProps) {
  const { ref, onScroll, before, after } = useScrollEdges<HTMLDivElement>();
  return (
    <fieldset className="min-w-0 lg:border-b lg:border-sand lg:pb-6">
      <legend className="mb-2 text-xs font-medium tracking-[0.16em] text-muted uppercase lg:mb-3 lg:font-display lg:text-lg lg:font-normal lg:tracking-normal lg:text-ink lg:normal-case">
        {legend}
      </legend>
      {/* Small screens: one row of chips per group, scrolled sideways, its edge faded where more chips hide. */}
      <div
        ref={ref}
        onScroll={onScroll}
        // A row of greyed options still scrolls sideways on a small screen: it takes the focus itself, so a
        // keyboard can scroll it.
        tabIndex={allDisabled ? 0 : undefined}
        data-more-before={before || undefined}
        data-more-after={after || undefined}
        className={`edge-fade -mx-5 flex gap-2 overflow-x-auto px-5 pb-1 [scrollbar-width:none] sm:-mx-8 sm:px-8 outline-none focus-visible:ring-2 focus-visible:ring-clay lg:mx-0 lg:overflow-visible lg:px-0 lg:pb-0 lg:[mask-image:none] ${
          wrap ? 'lg:flex-wrap lg:gap-2' : 'lg:flex-col lg:gap-1'
        }`}
      >
        {children}
      </div>
    </fieldset>
  );
}

/** Until the counts first arrive a block of the same size holds their place, so the options do not move when they come. */
function FacetCount({ count, stale }: { count: number | undefined; stale: boolean }) {
  if (count === undefined) {
    return <span aria-hidden="true" className="ml-auto inline-block h-3 w-5 shrink-0 animate-pulse rounded bg-sand" />;
  }
  return (
    <span
      aria-hidden="true"
      className={`ml-auto min-w-5 text-right text-xs tabular-nums transition-opacity ${stale ? 'opacity-40' : 'opacity-75'}`}
    >
      {count}
    </span>
  );
}

interface FacetOptionProps {
  /** The value as the page names it. */
  name: string;
  checked: boolean;
  /** How many products ticking it would give; unknown until the counts arrive. */
  count: number | undefined;
  /** The counts are for the filters before the latest change, and are being asked again. */
  stale?: boolean;
  onToggle: (checked: boolean) => void;
  /** Stays a chip on wide screens too, without the checkbox's box. */
  chip?: boolean;
  /** What shows before the name (a colour's swatch). */
  children?: ReactNode;
}

/**
 * One value of a facet, as a checkbox. A value no product would match is shown greyed and cannot be
 * ticked, but keeps its place so the list does not jump; a ticked one can always be unticked.
 */
export function FacetOption({
  name,
  checked,
  count,
  stale = false,
  onToggle,
  chip = false,
  children,
}: FacetOptionProps) {
  const disabled = count === 0 && !checked;
  // The count is read with the name, as one phrase: "Black, 12 products".
  const label = count === undefined ? name : `${name}, ${count} ${count === 1 ? 'product' : 'products'}`;
  return (
    <label
      className={`flex shrink-0 items-center gap-2 rounded-full border border-sand bg-white px-3.5 py-2 text-sm whitespace-nowrap text-ink transition-colors has-[:checked]:border-ink has-[:checked]:font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-clay ${
        disabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer hover:border-ink'
      } ${
        chip
          ? 'lg:px-3 lg:py-1.5 lg:has-[:checked]:bg-ink lg:has-[:checked]:text-ivory'
          : `lg:w-full lg:gap-3 lg:rounded-lg lg:border-0 lg:bg-transparent lg:px-0 lg:py-1.5 ${disabled ? '' : 'lg:hover:text-clay'}`
      }`}
    >
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onToggle(e.target.checked)}
        className={chip ? 'size-3.5 accent-clay lg:sr-only' : 'size-3.5 accent-clay lg:size-4'}
      />
      {children}
      {name}
      <FacetCount count={count} stale={stale} />
    </label>
  );
}
