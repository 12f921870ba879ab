import { CATEGORIES, COLORS } from '@shop/contract/constants';
import type { ProductInput } from '@shop/contract/products';
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { showAlert } from '../../ui/alerts';
import { Button } from '../../ui/button';
import { ImageUploadField } from './image-upload-field';
import { checkProductForm, type ProductFormValues } from './product-form-values';
import { ProductSizesFields } from './product-sizes-fields';

interface ProductFormProps {
  initial: ProductFormValues;
  submitLabel: string;
  busy: boolean;
  /** A new product's form also asks for its sizes and their stock; later changes go through the stock table. */
  withSizes?: boolean;
  onSubmit: (input: ProductInput) => Promise<void>;
}

type TextField = Exclude<keyof ProductFormValues, 'stock' | 'sizeScale'>;

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

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function Labelled({ id, label, children, wide }: { id: string; label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The product form of Add New Product and Update Product. Its own check comes first (the Missing
 * Fields! warning), so nothing incomplete is ever sent.
 */
export function ProductForm({ initial, submitLabel, busy, withSizes = false, onSubmit }: ProductFormProps) {
  const [values, setValues] = useState(initial);
  const set = (field: TextField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const setImage = useCallback((image: string) => setValues((v) => ({ ...v, image })), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkProductForm(values, withSizes);
    if (!check.ok) {
      await showAlert(PROBLEMS[check.problem]);
      return;
    }
    await onSubmit(check.input);
  }

  const text = (field: TextField) => ({
    id: `product-${field}`,
    value: values[field],
    onChange: (e: { target: { value: string } }) => set(field)(e.target.value),
    className: 'field',
  });

  return (
    <form onSubmit={submit} noValidate className="rounded-2xl border border-sand bg-white p-5 sm:p-8">
      <p className="mb-6 text-sm text-muted">Every field is required except the old price.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Labelled id="product-name" label="Product name" wide>
          <input {...text('name')} autoComplete="off" placeholder="Linen wrap dress" />
        </Labelled>
        <Labelled id="product-category" label="Category">
          <select {...text('category')}>
            <option value="">Select a category</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {capitalise(c)}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled id="product-color" label="Color">
          <select {...text('color')}>
            <option value="">Select a color</option>
            {COLORS.map((c) => (
              <option key={c} value={c}>
                {capitalise(c)}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled id="product-price" label="Price ($)">
          <input {...text('price')} type="number" inputMode="decimal" min="0.01" step="0.01" placeholder="50.00" />
        </Labelled>
        <Labelled id="product-oldPrice" label="Old price ($, optional)">
          <input {...text('oldPrice')} type="number" inputMode="decimal" min="0.01" step="0.01" placeholder="70.00" />
        </Labelled>
        <div className="sm:col-span-2">
          <ImageUploadField id="product-image" value={values.image} onChange={setImage} />
        </div>
        <Labelled id="product-description" label="Description" wide>
          <textarea {...text('description')} rows={5} className="field resize-y" placeholder="Fabric, fit and care" />
        </Labelled>
        {withSizes && (
          <ProductSizesFields
            values={values}
            onScaleChange={(sizeScale) => setValues((v) => ({ ...v, sizeScale }))}
            onStockChange={(size, count) => setValues((v) => ({ ...v, stock: { ...v.stock, [size]: count } }))}
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
