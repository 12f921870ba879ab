import type { LowStockResponse } from '@shop/contract/inventory';
import { LOW_STOCK_THRESHOLD } from '@shop/contract/sizes';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import { StockBadge } from '../../ui/dashboard-kit/stock-badge';
import { stockLevel } from '../../ui/dashboard-kit/stock-level';
import { actionLink } from '../../ui/dashboard-kit/table-frame';
import { ProductImage } from '../../ui/product-image';
import { Skeleton } from '../../ui/skeleton';
import { useGetLowStockQuery } from './admin-stats.api';

/** How many sizes the card lists before the admin asks for the rest. */
const FIRST_SHOWN = 6;

/** The low sizes, the first few at once and the rest on request. */
function LowStockList({ items, total }: LowStockResponse) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, FIRST_SHOWN);
  const hidden = total - shown.length;
  return (
    <>
      <ul id="low-stock-list" className="mt-4 divide-y divide-sand">
        {shown.map((item) => (
          <li key={item.sku} className="flex items-center gap-4 py-3">
            <ProductImage
              src={item.image}
              alt=""
              width={40}
              height={50}
              sizes="40px"
              className="h-12.5 w-10 shrink-0 rounded-md"
            />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm font-medium text-ink">{item.name}</p>
              <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
                <p className="text-xs text-muted">
                  {item.colourName} · Size {item.size} · <span className="tabular-nums">{item.available} left</span>
                </p>
                <StockBadge level={stockLevel(item.available)} />
              </div>
            </div>
            <Link to={paths.dashboard.updateProduct.href(item.productId)} className={`${actionLink} text-sm`}>
              Restock
              <span className="sr-only">
                {' '}
                {item.name}, {item.colourName} size {item.size}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
          <p>
            and {hidden} more {hidden === 1 ? 'size' : 'sizes'}
          </p>
          {!expanded && items.length > FIRST_SHOWN && (
            <button
              type="button"
              aria-controls="low-stock-list"
              aria-expanded={expanded}
              onClick={() => setExpanded(true)}
              className={`${actionLink} text-sm`}
            >
              Show {items.length - FIRST_SHOWN} more
            </button>
          )}
        </div>
      )}
    </>
  );
}

/** The admin dashboard's Low stock card: every size at or under the threshold, fewest first. */
export function LowStockCard() {
  const query = useGetLowStockQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="low-stock-title" className="rounded-2xl border border-sand bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="low-stock-title" className="font-display text-xl text-ink">
          Low stock
        </h2>
        <p className="text-xs text-muted">Sizes with {LOW_STOCK_THRESHOLD} or fewer left to sell</p>
      </div>
      <QueryState
        query={query}
        loading={
          <div role="status" aria-label="Loading low stock" className="mt-5 space-y-3">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        }
        failed={(error, retry) => (
          <div role="alert" className="mt-4 text-sm">
            <p className="text-stop-dark">{apiErrorMessage(error) ?? 'Low stock could not be loaded.'}</p>
            <RetryButton onRetry={retry} />
          </div>
        )}
        isEmpty={(lowStock) => !lowStock.items.length}
        empty={<p className="mt-4 text-sm text-muted">Every size has more than {LOW_STOCK_THRESHOLD} left.</p>}
      >
        {(lowStock) => <LowStockList items={lowStock.items} total={lowStock.total} />}
      </QueryState>
    </section>
  );
}
