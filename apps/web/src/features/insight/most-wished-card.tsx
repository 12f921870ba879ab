import type { InsightWishedProduct } from '@shop/contract/insight';
import type { Column } from '../../ui/dashboard-kit/data-table';
import { alignedRight } from '../../ui/dashboard-kit/table-frame';
import { formatCount } from './insight-format';
import { RankedProductsTable } from './top-products-table';

type WishedRow = InsightWishedProduct & { inCatalogue: boolean };

const countColumn = (heading: 'Saves' | 'Customers'): Column<WishedRow> => ({
  heading: alignedRight(heading),
  className: 'text-right whitespace-nowrap tabular-nums',
  cell: (p) => formatCount(heading === 'Saves' ? p.saves : p.customers),
});

/** What customers keep for later, each colour and size a save: products to restock, feature or put on sale. */
export function MostWishedCard({ products }: { products: InsightWishedProduct[] }) {
  return (
    <RankedProductsTable
      title="Most wished"
      note="On customers' wishlists now, whatever the days"
      // A product leaves every wishlist when it leaves the catalogue.
      products={products.map((p) => ({ ...p, inCatalogue: true }))}
      figures={[countColumn('Saves'), countColumn('Customers')]}
      empty="No customer has saved a product to a wishlist yet."
    />
  );
}
