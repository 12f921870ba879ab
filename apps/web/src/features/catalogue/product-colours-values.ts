import { coloursOf } from '@shop/contract/colour-choice';
import { COLOR_SWATCHES, COLORS, type Color } from '@shop/contract/constants';
import { type Product, type ProductColoursRequest, productColoursRequestSchema } from '@shop/contract/products';
import type { UseFormReturn } from 'react-hook-form';

/** One colour as the form holds it: text, as inputs give it; pictures in the order the shop shows them. */
export interface ColourFormValue {
  color: string;
  name: string;
  swatch: string;
  /** Dollars, or blank for the product's price. */
  price: string;
  pictures: { url: string; alt: string }[];
}

export interface ColoursFormValues {
  colours: ColourFormValue[];
}

export function coloursToValues(product: Product): ColoursFormValues {
  return {
    colours: coloursOf(product).map((c) => ({
      color: c.color,
      name: c.name,
      swatch: c.swatch,
      price: c.price === null ? '' : String(c.price),
      pictures: c.pictures.map((p) => ({ url: p.url, alt: p.alt })),
    })),
  };
}

/** A colour to add: the first the product does not come in yet, with its own name and swatch. */
export function newColourValue(taken: readonly string[]): ColourFormValue {
  return colourValue(COLORS.find((c) => !taken.includes(c)) ?? COLORS[0]);
}

/** A colour with the shop's name and swatch for its key, the product's price, and these pictures. */
export function colourValue(color: Color, pictures: ColourFormValue['pictures'] = []): ColourFormValue {
  return {
    color,
    name: color.charAt(0).toUpperCase() + color.slice(1),
    swatch: COLOR_SWATCHES[color],
    price: '',
    pictures,
  };
}

/** A problem of the form's colours: the path of the field it is about, as the form names it, and what is wrong. */
export interface ColourProblem {
  path: string;
  message: string;
}

export type ColoursCheck = { ok: true; request: ProductColoursRequest } | { ok: false; problems: ColourProblem[] };

/** Puts each problem under the field it is about; one about the whole list goes under the list. */
export function showColourProblems(
  form: Pick<UseFormReturn<ColoursFormValues>, 'setError'>,
  problems: ColourProblem[],
) {
  for (const problem of problems) {
    form.setError((problem.path || 'colours') as 'colours', { message: problem.message });
  }
}

/** The form's colours checked by the contract's own schema, its problems at the fields they are about. */
export function checkColours(values: ColoursFormValues): ColoursCheck {
  const body = {
    colours: values.colours.map((c) => ({
      color: c.color as Color,
      name: c.name,
      swatch: c.swatch,
      price: c.price.trim() || null,
      pictures: c.pictures,
    })),
  };
  const result = productColoursRequestSchema.safeParse(body);
  if (result.success) return { ok: true, request: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  };
}
