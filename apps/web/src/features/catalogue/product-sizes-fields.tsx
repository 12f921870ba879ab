import type { Category } from '@shop/contract/constants';
import {
  CATEGORY_SIZE_SCALES,
  DEFAULT_OPENING_STOCK,
  MAX_STOCK,
  SIZE_SCALE_LABELS,
  SIZE_SCALES,
  type SizeScale,
} from '@shop/contract/sizes';
import { FormField } from '../../ui/form-field';
import { formSizeScale, type ProductFormValues } from './product-form-values';

interface ProductSizesFieldsProps {
  values: ProductFormValues;
  onScaleChange: (scale: SizeScale) => void;
  onStockChange: (size: string, count: string) => void;
}

/** A new product's sizes: the scale its category allows, and how many of each size the shop has. */
export function ProductSizesFields({ values, onScaleChange, onStockChange }: ProductSizesFieldsProps) {
  const scale = formSizeScale(values);
  const scales = CATEGORY_SIZE_SCALES[values.category as Category] ?? ['one'];
  return (
    <fieldset className="sm:col-span-2 rounded-xl border border-sand p-4 sm:p-5">
      <legend className="px-1 text-sm font-medium text-ink">Sizes and stock</legend>
      <p id="product-sizes-hint" className="mb-4 text-xs text-muted">
        Leave a size blank if the piece does not come in it; leave them all blank to sell it in one size with{' '}
        {DEFAULT_OPENING_STOCK} in stock. Counts are whole numbers up to {MAX_STOCK.toLocaleString('en-US')}.
      </p>
      {scales.length > 1 && (
        <FormField id="product-sizeScale" label="Size scale" className="mb-4 max-w-xs">
          {(control) => (
            <select
              {...control}
              className="field"
              value={scale}
              onChange={(e) => onScaleChange(e.target.value as SizeScale)}
            >
              {scales.map((s) => (
                <option key={s} value={s}>
                  {SIZE_SCALE_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {SIZE_SCALES[scale].map((size) => (
          <FormField key={size} id={`product-stock-${size}`} label={size === 'One size' ? 'Stock' : `Size ${size}`}>
            {(control) => (
              <input
                {...control}
                className="field tabular-nums"
                type="number"
                inputMode="numeric"
                min="0"
                max={MAX_STOCK}
                step="1"
                placeholder={scale === 'one' ? String(DEFAULT_OPENING_STOCK) : '—'}
                aria-describedby="product-sizes-hint"
                value={values.stock[size] ?? ''}
                onChange={(e) => onStockChange(size, e.target.value)}
              />
            )}
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
