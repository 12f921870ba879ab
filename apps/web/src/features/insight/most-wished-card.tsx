import type { InsightWishedProduct } from '@shop/contract/insight';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { ProductImage } from '../../ui/product-image';
import { formatCount } from './insight-format';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What shoppers keep for later: products to restock, feature or put on sale. */
export function MostWishedCard({ products }: { products: InsightWishedProduct[] }) {
  return (
    <section aria-labelledby="most-wished-title" className="rounded-2xl border border-sand bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="most-wished-title" className="font-display text-xl text-ink">
          Most wished
        </h2>
        <p className="text-xs text-muted">On customers' wishlists now, whatever the days</p>
      </div>
      {products.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No customer has saved a product to a wishlist yet.</p>
      ) : (
        <ol className="mt-4 divide-y divide-sand">
          {products.map((p) => (
            <li key={p.productId} className="flex items-center gap-3 py-2.5">
              <ProductImage
                src={p.image}
                alt=""
                width={32}
                height={40}
                sizes="32px"
                className="h-10 w-8 shrink-0 rounded-md object-cover"
              />
              <div className="min-w-0 flex-1">
                <Link
                  to={paths.dashboard.updateProduct.href(p.productId)}
                  className="text-sm break-words text-ink hover:text-clay"
                >
                  {p.name}
                </Link>
                <p className="text-xs text-muted capitalize">{p.category}</p>
              </div>
              <p className="shrink-0 text-right text-sm text-ink tabular-nums">
                {plural(p.saves, 'save', 'saves')}
                <span className="block text-xs text-muted">{plural(p.customers, 'customer', 'customers')}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
