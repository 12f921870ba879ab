import type { ProductInput } from '@shop/contract/products';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { adminCallFailed } from '../../ui/dashboard-kit/call-failed';
import { FormPage } from '../../ui/dashboard-kit/form-page';
import { useToast } from '../../ui/toast';
import { useCreateProductMutation } from './manage-products.api';
import { ProductForm } from './product-form';
import { EMPTY_PRODUCT } from './product-form-values';

/** Add New Product; on success the admin lands in /shop, where the product now is. */
export function AddProductPage() {
  const [createProduct, { isLoading }] = useCreateProductMutation();
  const navigate = useNavigate();
  const notify = useToast();

  async function onSubmit(input: ProductInput) {
    try {
      await createProduct(input).unwrap();
      notify('Product added successfully.', 'success');
      navigate(paths.shop.href());
    } catch (error) {
      await adminCallFailed('Failed to add product. Please try again.', error);
    }
  }

  return (
    <FormPage title="Add New Product" description="Put a new piece in the shop.">
      <ProductForm
        initial={EMPTY_PRODUCT}
        submitLabel="Add Product"
        busy={isLoading}
        withSizes
        withColours
        onSubmit={onSubmit}
      />
    </FormPage>
  );
}
