import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { FormPage } from '../../ui/dashboard-kit/form-page';
import { useToast } from '../../ui/toast';
import { DiscountCodeForm } from './discount-code-form';
import { EMPTY_DISCOUNT_CODE } from './discount-code-form-values';
import { useCreateDiscountCodeMutation } from './discount-codes.api';

/** A new discount code; once made, the owner is back at the list, where it shows with its status. */
export function NewDiscountCodePage() {
  const [createCode, { isLoading }] = useCreateDiscountCodeMutation();
  const navigate = useNavigate();
  const notify = useToast();
  return (
    <FormPage title="New Discount Code" description="A code shoppers type in the cart for money off their items.">
      <DiscountCodeForm
        initial={EMPTY_DISCOUNT_CODE}
        submitLabel="Create code"
        busy={isLoading}
        failure="Failed to create the discount code. Please try again."
        onSubmit={async (input) => {
          const { code } = await createCode(input).unwrap();
          notify(`Discount code ${code.code} created.`, 'success');
          navigate(paths.dashboard.discountCodes.href());
        }}
      />
    </FormPage>
  );
}
