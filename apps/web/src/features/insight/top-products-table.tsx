import type { InsightProduct } from '@shop/contract/insight';
import { formatMoney } from '@shop/contract/money';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { actionLink, alignedRight, rowClass, TableHead, td } from '../../ui/dashboard-kit/table-frame';
import { ProductImage } from '../../ui/product-image';
import { formatCount } from './insight-format';

interface TopProductsTableProps {
  title: string;
  products: InsightProduct[];
  /** The figure the list is ranked by, shown first. */
  rankedBy: 'revenue' | 'units';
}

/** Ten products at most, ranked; a deleted product keeps its place under the name it was sold as. */
export function TopProductsTable({ title, products, rankedBy }: TopProductsTableProps) {
  const figures = rankedBy === 'revenue' ? (['Revenue', 'Units'] as const) : (['Units', 'Revenue'] as const);
  return (
    <div className="min-w-0">
      <h2 className="mb-3 font-display text-xl text-ink">{title}</h2>
      {products.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-taupe px-5 py-8 text-center text-sm text-muted">
          No products sold in these days.
        </p>
      ) : (
        // Four columns fit a phone: the table wraps names rather than scrolling sideways.
        <div className="overflow-hidden rounded-2xl border border-sand bg-white">
          <table className="w-full border-collapse">
            <caption className="sr-only">{title}</caption>
            <TableHead
              columns={[{ heading: '#', key: '#', className: 'w-10' }, 'Product', ...figures.map(alignedRight)]}
            />
            <tbody>
              {products.map((p, i) => (
                <tr key={p.productId} className={rowClass}>
                  <td className={`${td} text-muted tabular-nums`}>{i + 1}</td>
                  <th scope="row" className={`${td} text-left font-normal`}>
                    <div className="flex items-center gap-3">
                      <ProductImage
                        src={p.image}
                        alt=""
                        width={32}
                        height={40}
                        sizes="32px"
                        className="hidden h-10 w-8 shrink-0 rounded-md object-cover sm:block"
                      />
                      <div className="min-w-0">
                        {p.inCatalogue ? (
                          <Link
                            to={paths.dashboard.updateProduct.href(p.productId)}
                            className={`${actionLink} text-ink`}
                          >
                            {p.name}
                          </Link>
                        ) : (
                          <span>
                            {p.name} <span className="text-xs text-muted">(deleted)</span>
                          </span>
                        )}
                        {p.category && <p className="text-xs text-muted capitalize">{p.category}</p>}
                      </div>
                    </div>
                  </th>
                  {figures.map((f) => (
                    <td key={f} className={`${td} text-right whitespace-nowrap tabular-nums`}>
                      {f === 'Revenue' ? formatMoney(p.revenue) : formatCount(p.units)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
