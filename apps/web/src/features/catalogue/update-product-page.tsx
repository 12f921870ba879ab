import { coloursOf } from '@shop/contract/colour-choice';
import type { ProductInput } from '@shop/contract/products';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { adminCallFailed } from '../../ui/dashboard-kit/call-failed';
import { EditRecordPage } from '../../ui/dashboard-kit/form-page';
import { useToast } from '../../ui/toast';
import { useGetManagedProductQuery, useUpdateProductMutation } from './manage-products.api';
import { ProductColoursForm } from './product-colours-form';
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
    <EditRecordPage
      title="Update Product"
      description="Change what the shop says about this piece, and how many of each size it has."
      query={query}
      loadingLabel="Loading the product"
      missingTitle="This product does not exist any more."
      failedTitle="The product could not be loaded."
      back={{ href: paths.dashboard.manageProducts.href(), label: 'Back to Manage Products' }}
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
          <ProductColoursForm key={`colours-${data.product._id}`} product={data.product} />
          <ProductStockPanel productId={data.product._id} colours={coloursOf(data.product)} />
        </>
      )}
    </EditRecordPage>
  );
}
