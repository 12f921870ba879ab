import type { InsightProduct } from '@shop/contract/insight';
import { formatMoney } from '@shop/contract/money';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { type Column, DataTableGrid } from '../../ui/dashboard-kit/data-table';
import { actionLink, alignedRight } from '../../ui/dashboard-kit/table-frame';
import { ProductImage } from '../../ui/product-image';
import { formatCount } from './insight-format';

interface TopProductsTableProps {
  title: string;
  products: InsightProduct[];
  /** The figure the list is ranked by, shown first. */
  rankedBy: 'revenue' | 'units';
}

/** A product of a ranked list: what its row shows of it. */
type RankedProduct = Pick<InsightProduct, 'productId' | 'name' | 'image' | 'category' | 'inCatalogue'>;

/** The product a row is about: its picture, its name (a link while it is in the catalogue) and category. */
function ProductCell({ product: p }: { product: RankedProduct }) {
  return (
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
          <Link to={paths.dashboard.updateProduct.href(p.productId)} className={`${actionLink} text-ink`}>
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
  );
}

const figureColumn = (figure: 'Revenue' | 'Units'): Column<InsightProduct> => ({
  heading: alignedRight(figure),
  className: 'text-right whitespace-nowrap tabular-nums',
  cell: (p) => (figure === 'Revenue' ? formatMoney(p.revenue) : formatCount(p.units)),
});

/** The rank, the product, then its figures, the one the list is ranked by first. */
function rankedColumns<T extends RankedProduct>(figures: readonly Column<T>[]): Column<T>[] {
  return [
    {
      heading: { heading: '#', key: '#', className: 'w-10' },
      className: 'text-muted tabular-nums',
      cell: (_, i) => i + 1,
    },
    {
      heading: 'Product',
      className: 'text-left font-normal',
      rowHeader: true,
      cell: (p) => <ProductCell product={p} />,
    },
    ...figures,
  ];
}

interface RankedProductsTableProps<T extends RankedProduct> {
  title: string;
  /** A word under the title, beside it on a wide screen. */
  note?: string;
  products: readonly T[];
  figures: readonly Column<T>[];
  /** What an empty list says. */
  empty: string;
}

/** Products ranked by a figure, ten at most, as the insight lists them. */
export function RankedProductsTable<T extends RankedProduct>({
  title,
  note,
  products,
  figures,
  empty,
}: RankedProductsTableProps<T>) {
  return (
    <div className="min-w-0">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-display text-xl text-ink">{title}</h2>
        {note && <p className="text-xs text-muted">{note}</p>}
      </div>
      {products.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-taupe px-5 py-8 text-center text-sm text-muted">
          {empty}
        </p>
      ) : (
        // Four columns fit a phone: the table wraps names rather than scrolling sideways.
        <div className="overflow-hidden rounded-2xl border border-sand bg-white">
          <DataTableGrid
            caption={title}
            columns={rankedColumns(figures)}
            rows={[...products]}
            rowKey={(p) => p.productId}
            tableClassName="w-full border-collapse"
          />
        </div>
      )}
    </div>
  );
}

/** Ten products at most, ranked; a deleted product keeps its place under the name it was sold as. */
export function TopProductsTable({ title, products, rankedBy }: TopProductsTableProps) {
  const figures = rankedBy === 'revenue' ? (['Revenue', 'Units'] as const) : (['Units', 'Revenue'] as const);
  return (
    <RankedProductsTable
      title={title}
      products={products}
      figures={figures.map(figureColumn)}
      empty="No products sold in these days."
    />
  );
}
