import { CATEGORIES, COLORS } from '@shop/contract/constants';
import type { ProductInput } from '@shop/contract/products';
import { type FormEvent, useCallback } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { capitalise } from '../../lib/capitalise';
import { showAlert } from '../../ui/alerts';
import { Button } from '../../ui/button';
import { SchemaSelect } from '../../ui/schema-choice';
import { SchemaField } from '../../ui/schema-form';
import { ImageUploadField } from './image-upload-field';
import { showColourProblems } from './product-colours-values';
import { MoreColoursButton, NewProductColours } from './product-form-colours';
import { checkProductForm, type ProductFormValues } from './product-form-values';
import { ProductSizesFields } from './product-sizes-fields';

interface ProductFormProps {
  initial: ProductFormValues;
  submitLabel: string;
  busy: boolean;
  /** A new product's form also asks for its sizes and their stock; later changes go through the stock table. */
  withSizes?: boolean;
  /** A new product may come in several colours; later changes go through the colours editor. */
  withColours?: boolean;
  onSubmit: (input: ProductInput) => Promise<void>;
}

const PROBLEMS = {
  missing: { title: 'Missing Fields!', text: 'Please fill all the required fields.', icon: 'warning' },
  price: {
    title: 'Check the price',
    text: 'Prices are amounts in dollars greater than 0, with at most two decimals.',
    icon: 'warning',
  },
  stock: {
    title: 'Check the stock',
    text: 'The stock of a size is a whole number from 0 (sold out) up.',
    icon: 'warning',
  },
} as const;

/**
 * The product form of Add New Product and Update Product. Its own check comes first (the Missing
 * Fields! warning), so nothing incomplete is ever sent.
 */
export function ProductForm({
  initial,
  submitLabel,
  busy,
  withSizes = false,
  withColours = false,
  onSubmit,
}: ProductFormProps) {
  // The form's own check, not a schema resolver: a failure is one warning (the Missing Fields! alert),
  // not a message under each field.
  const form = useForm<ProductFormValues>({ defaultValues: initial });
  const values = form.watch();
  const oneColour = values.colours.length === 0;

  const { setValue } = form;
  const setImage = useCallback((image: string) => setValue('image', image), [setValue]);

  const submit = useProductFormSubmit(form, withSizes, onSubmit);

  return (
    <form onSubmit={submit} noValidate className="rounded-2xl border border-sand bg-white p-5 sm:p-8">
      <p className="mb-6 text-sm text-muted">Every field is required except the old price.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <SchemaField
          form={form}
          name="name"
          id="product-name"
          label="Product name"
          className="sm:col-span-2"
          autoComplete="off"
          placeholder="Linen wrap dress"
        />
        <ChoiceField form={form} name="category" label="Category" options={CATEGORIES} />
        {oneColour && <ChoiceField form={form} name="color" label="Color" options={COLORS} />}
        <PriceField form={form} name="price" label="Price ($)" placeholder="50.00" />
        <PriceField form={form} name="oldPrice" label="Old price ($, optional)" placeholder="70.00" />
        {oneColour && (
          <div className="sm:col-span-2">
            <ImageUploadField id="product-image" value={values.image} onChange={setImage} />
            {withColours && <MoreColoursButton form={form} />}
          </div>
        )}
        <SchemaField
          form={form}
          name="description"
          id="product-description"
          label="Description"
          className="sm:col-span-2"
        >
          {(control) => (
            <textarea {...control} rows={5} className="field resize-y" placeholder="Fabric, fit and care" />
          )}
        </SchemaField>
        {!oneColour && <NewProductColours form={form} />}
        {withSizes && (
          <ProductSizesFields
            values={values}
            onScaleChange={(sizeScale) => form.setValue('sizeScale', sizeScale)}
            onStockChange={(size, count) => form.setValue('stock', { ...form.getValues('stock'), [size]: count })}
          />
        )}
      </div>
      <div className="mt-8 flex justify-end">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

type ProductFormState = UseFormReturn<ProductFormValues>;

/** The form's check, then the answer: a warning, the colours' problems at their fields, or the input sent on. */
function useProductFormSubmit(
  form: ProductFormState,
  withSizes: boolean,
  onSubmit: (input: ProductInput) => Promise<void>,
) {
  const submit = form.handleSubmit(async (current) => {
    const check = checkProductForm(current, withSizes);
    if (check.ok) {
      await onSubmit(check.input);
    } else if (check.problem === 'colours') {
      showColourProblems(form, check.problems);
    } else {
      await showAlert(PROBLEMS[check.problem]);
    }
  });
  return (event: FormEvent) => {
    // The colours' errors are set by hand, so they are cleared by hand: a stale one would block the form.
    form.clearErrors();
    return submit(event);
  };
}

/** A category or a colour: one of the contract's words, shown capitalised, none chosen at first. */
function ChoiceField({
  form,
  name,
  label,
  options,
}: {
  form: ProductFormState;
  name: 'category' | 'color';
  label: string;
  options: readonly string[];
}) {
  return (
    <SchemaSelect
      form={form}
      name={name}
      id={`product-${name}`}
      label={label}
      options={options.map((c) => [c, capitalise(c)] as const)}
      placeholder={`Select a ${name}`}
    />
  );
}

/** An amount in dollars, to the cent. */
function PriceField({
  form,
  name,
  label,
  placeholder,
}: {
  form: ProductFormState;
  name: 'price' | 'oldPrice';
  label: string;
  placeholder: string;
}) {
  return (
    <SchemaField
      form={form}
      name={name}
      id={`product-${name}`}
      label={label}
      type="number"
      inputMode="decimal"
      min="0.01"
      step="0.01"
      placeholder={placeholder}
    />
  );
}
