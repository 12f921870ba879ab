import type { ProductInput } from '@shop/contract/products';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { adminCallFailed } from '../../ui/dashboard-kit/call-failed';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { FormSkeleton, RecordLoadFailed } from '../../ui/dashboard-kit/record-load-states';
import { useToast } from '../../ui/toast';
import { useGetManagedProductQuery, useUpdateProductMutation } from './manage-products.api';
import { ProductForm } from './product-form';
import { productToValues } from './product-form-values';
import { ProductStockPanel } from './product-stock-panel';

/** The product form, prefilled; on success back to Manage Products. */
export function UpdateProductPage() {
  const { id = '' } = useParams();
  const query = useGetManagedProductQuery(id, { refetchOnMountOrArgChange: true });
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

  return (
    <>
      <PageHeader
        eyebrow="Admin dashboard"
        title="Update Product"
        description="Change what the shop says about this piece, and how many of each size it has."
      />
      <QueryState
        query={query}
        loading={<FormSkeleton label="Loading the product" />}
        failed={(error, retry) => (
          <RecordLoadFailed
            error={error}
            missingTitle="This product does not exist any more."
            failedTitle="The product could not be loaded."
            back={{ href: paths.dashboard.manageProducts.href(), label: 'Back to Manage Products' }}
            onRetry={retry}
          />
        )}
      >
        {(data) => (
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
      </QueryState>
    </>
  );
}
