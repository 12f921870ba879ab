import type { ProductInput } from '@shop/contract/products';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage, apiErrorStatus } from '../../lib/api-error';
import { buttonClass } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { ErrorMessage } from '../../ui/status-message';
import { useToast } from '../../ui/toast';
import { PageHeader } from '../dashboard/page-header';
import { RetryButton } from '../dashboard/retry-button';
import { useGetManagedProductQuery, useUpdateProductMutation } from './admin.api';
import { adminCallFailed } from './call-failed';
import { ProductForm } from './product-form';
import { productToValues } from './product-form-values';
import { ProductStockPanel } from './product-stock-panel';

/** SPEC.md 2: the product form, prefilled; on success back to Manage Products. */
export function UpdateProductPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetManagedProductQuery(id, { refetchOnMountOrArgChange: true });
  const [updateProduct, { isLoading: saving }] = useUpdateProductMutation();
  const navigate = useNavigate();
  const notify = useToast();

  async function onSubmit(changes: ProductInput) {
    try {
      await updateProduct({ id, changes }).unwrap();
      notify('Product Updated Successfully!', 'success');
      navigate(paths.dashboard.manageProducts.href());
    } catch (error) {
      await adminCallFailed('There was an issue updating the product. Please try again.', error);
    }
  }

  const missing = apiErrorStatus(error) === 404 || apiErrorStatus(error) === 400;
  return (
    <>
      <PageHeader
        eyebrow="Admin dashboard"
        title="Update Product"
        description="Change what the shop says about this piece, and how many of each size it has."
      />
      {isLoading ? (
        <div
          role="status"
          aria-label="Loading the product"
          className="space-y-4 rounded-2xl border border-sand bg-white p-8"
        >
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : error || !data ? (
        <ErrorMessage title={missing ? 'This product does not exist any more.' : 'The product could not be loaded.'}>
          {!missing && apiErrorMessage(error) && <p>{apiErrorMessage(error)}</p>}
          {missing ? (
            <Link to={paths.dashboard.manageProducts.href()} className={buttonClass('outline', 'sm', 'mt-4')}>
              Back to Manage Products
            </Link>
          ) : (
            <RetryButton onRetry={refetch} />
          )}
        </ErrorMessage>
      ) : (
        <>
          <ProductForm
            key={data.product._id}
            initial={productToValues(data.product)}
            submitLabel="Update Product"
            busy={saving}
            onSubmit={onSubmit}
          />
          <ProductStockPanel productId={data.product._id} />
        </>
      )}
    </>
  );
}
