import { formatMoney } from '@shop/contract/money';
import type { Product } from '@shop/contract/products';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { type Column, DataTable, numberColumn } from '../../ui/dashboard-kit/data-table';
import { StockBadge } from '../../ui/dashboard-kit/stock-badge';
import { productStockSummary } from '../../ui/dashboard-kit/stock-level';
import { actionLink, alignedRight, deleteButton } from '../../ui/dashboard-kit/table-frame';
import { useConfirmedDelete } from '../../ui/dashboard-kit/use-confirmed-delete';
import { ProductImage } from '../../ui/product-image';
import { useDeleteProductMutation } from './manage-products.api';

interface ProductsTableProps {
  products: Product[];
  page: number;
  pageSize: number;
}

/** The product's available count in all, its low-stock mark, and which sizes run low. */
function StockCell({ product }: { product: Product }) {
  const stock = productStockSummary(product.variants);
  return (
    <div className="flex flex-col items-start gap-1">
      <span className="inline-flex items-center gap-2 tabular-nums">
        {stock.available}
        <StockBadge level={stock.level} />
      </span>
      {stock.lowSizes.length > 0 && (
        <span className="text-xs text-muted">{stock.lowSizes.map((v) => `${v.size}: ${v.available}`).join(' · ')}</span>
      )}
    </div>
  );
}

function ImageCell({ product }: { product: Product }) {
  return product.image ? (
    <ProductImage src={product.image} alt="" width={48} height={60} sizes="48px" className="h-15 w-12 rounded-md" />
  ) : (
    <span className="text-xs text-muted">No Image</span>
  );
}

/** Edit and Delete of one product; Delete waits while that product's delete is on its way. */
function ProductActions({ product }: { product: Product }) {
  const [deleteProduct, { isLoading: deleting, originalArgs }] = useDeleteProductMutation();
  const confirmedDelete = useConfirmedDelete();
  const onDelete = () =>
    confirmedDelete(
      "You won't be able to revert this!",
      () => deleteProduct(product._id).unwrap(),
      'There was an issue deleting the product. Please try again.',
    );
  return (
    <>
      <Link to={paths.dashboard.updateProduct.href(product._id)} className={`${actionLink} mr-3`}>
        Edit<span className="sr-only"> {product.name}</span>
      </Link>
      <button
        type="button"
        onClick={() => void onDelete()}
        disabled={deleting && originalArgs === product._id}
        className={deleteButton}
      >
        Delete<span className="sr-only"> {product.name}</span>
      </button>
    </>
  );
}

function productColumns(page: number, pageSize: number): Column<Product>[] {
  return [
    numberColumn(page, pageSize),
    { heading: 'Image', cell: (product) => <ImageCell product={product} /> },
    {
      heading: 'Product name',
      className: 'font-medium',
      cell: (product) => (
        <Link to={paths.product.href(product._id)} className="hover:text-clay">
          {product.name}
        </Link>
      ),
    },
    { heading: 'Category', className: 'capitalize', cell: (product) => product.category },
    {
      heading: alignedRight('Price'),
      className: 'text-right tabular-nums',
      cell: (product) => formatMoney(product.price),
    },
    { heading: 'Stock', cell: (product) => <StockCell product={product} /> },
    {
      heading: alignedRight('Actions'),
      className: 'text-right whitespace-nowrap',
      cell: (product) => <ProductActions product={product} />,
    },
  ];
}

export function ProductsTable({ products, page, pageSize }: ProductsTableProps) {
  return (
    <DataTable
      label="Products"
      columns={productColumns(page, pageSize)}
      rows={products}
      rowKey={(product) => product._id}
    />
  );
}
