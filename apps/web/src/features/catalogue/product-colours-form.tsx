import type { Product } from '@shop/contract/products';
import { useForm } from 'react-hook-form';
import { Button } from '../../ui/button';
import { adminCallFailed } from '../../ui/dashboard-kit/call-failed';
import { useToast } from '../../ui/toast';
import { useSaveColoursMutation } from './manage-products.api';
import { ProductColoursFields } from './product-colours-fields';
import { type ColoursFormValues, checkColours, coloursToValues, showColourProblems } from './product-colours-values';

/**
 * An existing product's colours, saved on their own: the contract's schema checks them first and puts each
 * problem under its field; the server then replaces the product's colours with these, in this order.
 */
export function ProductColoursForm({ product }: { product: Product }) {
  const form = useForm<ColoursFormValues>({ defaultValues: coloursToValues(product) });
  const [saveColours, { isLoading }] = useSaveColoursMutation();
  const notify = useToast();

  const submit = form.handleSubmit(async (values) => {
    const check = checkColours(values);
    if (!check.ok) {
      showColourProblems(form, check.problems);
      return;
    }
    try {
      const saved = await saveColours({ id: product._id, body: check.request }).unwrap();
      form.reset(coloursToValues(saved.product));
      notify('Colours saved.', 'success');
    } catch (error) {
      await adminCallFailed('The colours could not be saved. Please try again.', error);
    }
  });

  return (
    <section
      aria-labelledby="product-colours-heading"
      className="mt-8 rounded-2xl border border-sand bg-white p-5 sm:p-8"
    >
      <h2 id="product-colours-heading" className="font-display text-xl text-ink">
        Colours and pictures
      </h2>
      <p className="mb-6 mt-1 text-sm text-muted">
        The first colour is the product's own: its first picture is the one the shop lists. A new colour takes the first
        colour's sizes, with none in stock.
      </p>
      <form
        onSubmit={(event) => {
          // The schema's errors are set by hand, so they are cleared by hand: a stale one would block the save.
          form.clearErrors();
          return submit(event);
        }}
        noValidate
      >
        <ProductColoursFields form={form} />
        <div className="mt-6 flex justify-end">
          <Button type="submit" busy={isLoading}>
            Save colours
          </Button>
        </div>
      </form>
    </section>
  );
}
