import { formatMoney } from '@shop/contract/money';
import type { Product } from '@shop/contract/products';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { StockBadge } from '../../ui/dashboard-kit/stock-badge';
import { productStockSummary } from '../../ui/dashboard-kit/stock-level';
import { rowNumber } from '../../ui/dashboard-kit/table-format';
import {
  actionLink,
  alignedRight,
  deleteButton,
  rowClass,
  TableFrame,
  TableHead,
  tableClass,
  td,
} from '../../ui/dashboard-kit/table-frame';
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

export function ProductsTable({ products, page, pageSize }: ProductsTableProps) {
  const [deleteProduct, { isLoading: deleting, originalArgs }] = useDeleteProductMutation();
  const confirmedDelete = useConfirmedDelete();

  const onDelete = (product: Product) =>
    confirmedDelete(
      "You won't be able to revert this!",
      () => deleteProduct(product._id).unwrap(),
      'There was an issue deleting the product. Please try again.',
    );

  return (
    <TableFrame label="Products">
      <table className={tableClass}>
        <TableHead
          columns={[
            'No.',
            'Image',
            'Product name',
            'Category',
            alignedRight('Price'),
            'Stock',
            alignedRight('Actions'),
          ]}
        />
        <tbody>
          {products.map((product, index) => (
            <tr key={product._id} className={rowClass}>
              <td className={`${td} text-muted tabular-nums`}>{rowNumber(page, pageSize, index)}</td>
              <td className={td}>
                {product.image ? (
                  <ProductImage
                    src={product.image}
                    alt=""
                    width={48}
                    height={60}
                    sizes="48px"
                    className="h-15 w-12 rounded-md"
                  />
                ) : (
                  <span className="text-xs text-muted">No Image</span>
                )}
              </td>
              <td className={`${td} font-medium`}>
                <Link to={paths.product.href(product._id)} className="hover:text-clay">
                  {product.name}
                </Link>
              </td>
              <td className={`${td} capitalize`}>{product.category}</td>
              <td className={`${td} text-right tabular-nums`}>{formatMoney(product.price)}</td>
              <td className={td}>
                <StockCell product={product} />
              </td>
              <td className={`${td} text-right whitespace-nowrap`}>
                <Link to={paths.dashboard.updateProduct.href(product._id)} className={`${actionLink} mr-3`}>
                  Edit<span className="sr-only"> {product.name}</span>
                </Link>
                <button
                  type="button"
                  onClick={() => void onDelete(product)}
                  disabled={deleting && originalArgs === product._id}
                  className={deleteButton}
                >
                  Delete<span className="sr-only"> {product.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
