import type { InsightWaitedSize } from '@shop/contract/insight';
import { ONE_SIZE } from '@shop/contract/sizes';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { type Column, DataTableGrid } from '../../ui/dashboard-kit/data-table';
import { actionLink, alignedRight } from '../../ui/dashboard-kit/table-frame';
import { formatCount } from './insight-format';

const TITLE = 'Most waited for';

const columns: Column<InsightWaitedSize>[] = [
  {
    heading: 'Size',
    className: 'text-left font-normal',
    rowHeader: true,
    cell: (s) => (
      <div className="min-w-0">
        <Link to={paths.dashboard.updateProduct.href(s.productId)} className={`${actionLink} text-ink`}>
          {s.name}
        </Link>
        <p className="text-xs text-muted">
          {s.colourName}
          {s.size === ONE_SIZE ? '' : ` · size ${s.size}`}
        </p>
      </div>
    ),
  },
  {
    heading: alignedRight('Waiting'),
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (s) => formatCount(s.waiting),
  },
];

/** Sold-out sizes shoppers asked to be e-mailed about: the sizes worth restocking first. */
export function MostWaitedCard({ sizes }: { sizes: InsightWaitedSize[] }) {
  return (
    <div className="min-w-0">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-display text-xl text-ink">{TITLE}</h2>
        <p className="text-xs text-muted">Shoppers waiting to hear a size is back, whatever the days</p>
      </div>
      {sizes.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-taupe px-5 py-8 text-center text-sm text-muted">
          Nobody is waiting for a sold-out size.
        </p>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-sand bg-white">
          <DataTableGrid
            caption={TITLE}
            columns={columns}
            rows={sizes}
            rowKey={(s) => `${s.productId}-${s.colour}-${s.size}`}
            tableClassName="w-full border-collapse"
          />
        </div>
      )}
    </div>
  );
}
