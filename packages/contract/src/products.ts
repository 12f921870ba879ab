import { z } from 'zod';
import { colorSchema, PICTURES_PER_COLOUR_MAX, productColourSchema } from './colours';
import { DECIMAL_TEXT, dollarsSchema, idSchema, timestampSchema } from './common';
import {
  CATEGORIES,
  CATEGORY_FILTERS,
  COLOR_FILTERS,
  COLORS,
  MAX_PAGE,
  PRODUCT_LIST_DEFAULT_LIMIT,
  PRODUCT_LIST_MAX_LIMIT,
  PRODUCT_LIST_SORTS,
} from './constants';
import {
  ALL_SIZES,
  CATEGORY_SIZE_SCALES,
  INVENTORY_MESSAGES,
  productVariantSchema,
  SIZE_SCALE_LABELS,
  SIZE_SCALE_NAMES,
  SIZE_SCALES,
  type SizeScale,
  variantStockInputSchema,
} from './inventory';
import { reviewSchema } from './reviews';
import { PRICE_BAND_KEYS } from './shop-params';

export {
  COLOUR_MESSAGES,
  colorSchema,
  PICTURES_PER_COLOUR_MAX,
  type ProductColour,
  type ProductPicture,
  productColourSchema,
  productPictureSchema,
} from './colours';

export const categorySchema = z.enum(CATEGORIES, { message: `Category must be one of ${CATEGORIES.join(', ')}` });

export const productSchema = z.object({
  _id: idSchema,
  name: z.string(),
  category: categorySchema,
  description: z.string(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  image: z.string(),
  color: colorSchema,
  rating: z.number(),
  reviewCount: z.number().int(),
  author: idSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** The scale the product's sizes come from. */
  sizeScale: z.enum(SIZE_SCALE_NAMES),
  /** Its colours, the first the product's own; a product without colours of its own has one, its `color`. */
  colours: z.array(productColourSchema),
  /** Its sizes of each colour, colour by colour, each in scale order, with how many can still be bought. */
  variants: z.array(productVariantSchema),
  /** Whether any size can still be bought. */
  inStock: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * A facet of the list: one value or several, comma separated (`color=black,red`), any of which a product may
 * have. Its unset value is sent as empty (`category=&color=`), as the seed's screens send it: empty and `all`
 * both mean no filter.
 */
function choiceParam<const T extends readonly string[]>(values: T, what: string) {
  const message = `${what} must be one of ${values.join(', ')}, or empty`;
  return z
    .string({ message })
    .transform((text, ctx) => {
      const chosen = [...new Set(text.split(',').map((v) => v.trim()))].filter((v) => v !== '' && v !== 'all');
      if (chosen.some((v) => !values.includes(v))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return chosen.length > 0 ? (chosen as Exclude<T[number], 'all'>[]) : undefined;
    })
    .optional()
    .meta({
      description: `${what}: one or more of ${values.join(', ')}, comma separated (any of them); empty or \`all\` for no filter`,
    });
}

/** A price bound in dollars as decimal text; empty (and `Infinity` for the upper one) means no bound. */
function priceBoundParam(name: 'minPrice' | 'maxPrice') {
  const noBound = name === 'maxPrice' ? ['', 'Infinity'] : [''];
  return z
    .string()
    .trim()
    .refine((v) => noBound.includes(v) || DECIMAL_TEXT.test(v), `${name} must be a number of dollars`)
    .transform((v) => (noBound.includes(v) ? undefined : Number(v)))
    .pipe(
      z.number().min(0, `${name} must not be negative`).max(1_000_000, `${name} must be at most 1000000`).optional(),
    )
    .optional()
    .meta({
      description: `Dollars, inclusive; ${name === 'maxPrice' ? 'empty or `Infinity`' : 'empty'} for no bound`,
    });
}

/** A whole number in a query string; empty means its default. */
function countParam(name: string, max: number, fallback: number) {
  return z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), `${name} must be a whole number`)
    .transform((v) => (v === '' ? fallback : Number(v)))
    .pipe(z.number().int().min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`))
    .default(fallback)
    .meta({ description: `A whole number from 1 to ${max}; ${fallback} when empty or absent` });
}

export const productListQuerySchema = z.object({
  category: choiceParam(CATEGORY_FILTERS, 'Category'),
  color: choiceParam(COLOR_FILTERS, 'Color'),
  size: choiceParam(ALL_SIZES, 'Size'),
  inStock: z
    .enum(['', 'true', 'false'], { message: 'inStock must be true or false' })
    .transform((v) => v === 'true')
    .optional()
    .meta({ description: '`true` for products with at least one size that can still be bought' }),
  price: choiceParam(PRICE_BAND_KEYS, 'Price band'),
  minPrice: priceBoundParam('minPrice'),
  maxPrice: priceBoundParam('maxPrice'),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  // Unset, the list is newest first, or best match first when it has search text (the service decides).
  sort: z
    .enum(['', ...PRODUCT_LIST_SORTS], { message: `Sort must be one of ${PRODUCT_LIST_SORTS.join(', ')}` })
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .meta({ description: '`newest` when empty or absent, or `relevance` when `q` is given' }),
  limit: countParam('limit', PRODUCT_LIST_MAX_LIMIT, PRODUCT_LIST_DEFAULT_LIMIT),
  page: countParam('page', MAX_PAGE, 1),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
/** The list's query as a client writes it, before the server's defaults apply. */
export type ProductListQueryInput = z.input<typeof productListQuerySchema>;

/** How many products each value of a facet would add or leave: a facet's count ignores its own choice. */
const facetCountsSchema = <T extends z.ZodType>(value: T) => z.array(z.object({ value, count: z.number().int() }));

export const productFacetsResponseSchema = z.object({
  category: facetCountsSchema(categorySchema),
  color: facetCountsSchema(colorSchema),
  /** Products in the size: one that can still be bought, with `inStock`, as the list's size filter. */
  size: facetCountsSchema(z.enum(ALL_SIZES)),
  price: facetCountsSchema(z.enum(PRICE_BAND_KEYS)),
});
export type ProductFacetsResponse = z.infer<typeof productFacetsResponseSchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSchema),
  totalPages: z.number().int(),
  totalProducts: z.number().int(),
  /** With search text that found nothing: the closest text that would find something, when there is one. */
  didYouMean: z.string().optional(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

const imageUrlSchema = z
  .string({ message: 'Image is required' })
  .trim()
  .min(1, 'Image is required')
  .max(2048)
  .refine((s) => /^https?:\/\//i.test(s) || s.startsWith('/uploads/'), 'Image must be an uploaded image URL');

const productFieldsSchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name must be at most 120 characters'),
  category: categorySchema,
  color: colorSchema,
  price: dollarsSchema,
  oldPrice: dollarsSchema.nullable().optional(),
  description: z
    .string({ message: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(2000, 'Description must be at most 2000 characters'),
  image: imageUrlSchema,
});

const sizesStockSchema = z
  .array(variantStockInputSchema)
  .min(1, 'A product needs at least one size')
  .max(ALL_SIZES.length);

/** A colour as the admin gives it: the name and swatch default to the colour's own, the price to the product's. */
export const productColourInputSchema = z.object({
  color: colorSchema,
  name: z.string().trim().min(1, 'A colour needs a name').max(40, 'A colour name is at most 40 characters').optional(),
  swatch: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A swatch is a colour like #a8322d')
    .transform((s) => s.toLowerCase())
    .optional(),
  price: dollarsSchema.nullable().optional(),
  pictures: z
    .array(z.object({ url: imageUrlSchema, alt: z.string().trim().max(200, 'Alt text is at most 200 characters') }))
    .min(1, 'A colour needs at least one picture')
    .max(PICTURES_PER_COLOUR_MAX, `A colour holds at most ${PICTURES_PER_COLOUR_MAX} pictures`),
  /** Its sizes and the stock of each; without them, the sizes of the product's other colours, with none in stock. */
  variants: sizesStockSchema.optional(),
});
export type ProductColourInput = z.infer<typeof productColourInputSchema>;

const coloursInputSchema = z
  .array(productColourInputSchema)
  .min(1, 'A product needs at least one colour')
  .max(COLORS.length)
  .refine(
    (colours) => new Set(colours.map((c) => c.color)).size === colours.length,
    'Each colour may appear only once',
  );

/** A product's colours in the order the shop shows them, replacing the ones it had. */
export const productColoursRequestSchema = z.object({ colours: coloursInputSchema });
export type ProductColoursRequest = z.infer<typeof productColoursRequestSchema>;

/** The sizes of a scale a product is given, each once: the problem's message, or undefined when there is none. */
export function sizesProblem(sizes: readonly string[], scale: SizeScale): string | undefined {
  if (new Set(sizes).size !== sizes.length) return 'Each size may appear only once';
  const outside = sizes.find((size) => !(SIZE_SCALES[scale] as readonly string[]).includes(size));
  return outside === undefined ? undefined : INVENTORY_MESSAGES.notInScale(outside, scale);
}

/**
 * The editable fields of a product; rating and author are the server's (extra keys are dropped). A new
 * product may say its sizes and the stock of each; without them it is one size with the default stock.
 * It may say its colours, the first its own (its `color` and `image` are then that colour's); without
 * them it comes in its `color`, with its `image` as the one picture.
 */
export const productInputSchema = productFieldsSchema
  .extend({
    sizeScale: z.enum(SIZE_SCALE_NAMES).optional(),
    variants: sizesStockSchema.optional(),
    colours: coloursInputSchema.optional(),
  })
  .superRefine((input, ctx) => {
    // A wrong category has its own message already.
    if (!CATEGORY_SIZE_SCALES[input.category]) return;
    const scale = input.sizeScale ?? ((input.variants ? CATEGORY_SIZE_SCALES[input.category][0] : 'one') as SizeScale);
    if (!CATEGORY_SIZE_SCALES[input.category].includes(scale)) {
      ctx.addIssue({
        code: 'custom',
        path: ['sizeScale'],
        message: `A ${input.category} product cannot be sized in ${SIZE_SCALE_LABELS[scale]}`,
      });
      return;
    }
    const problem = sizesProblem(input.variants?.map((v) => v.size) ?? [], scale);
    if (problem) ctx.addIssue({ code: 'custom', path: ['variants'], message: problem });
    input.colours?.forEach((colour, at) => {
      const colourProblem = sizesProblem(colour.variants?.map((v) => v.size) ?? [], scale);
      if (colourProblem) ctx.addIssue({ code: 'custom', path: ['colours', at, 'variants'], message: colourProblem });
    });
  });
export type ProductInput = z.infer<typeof productInputSchema>;

/** Stock is changed through the stock route; the scale stays what the product's sizes are. */
export const productUpdateSchema = productFieldsSchema
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const productMutationResponseSchema = z.object({ message: z.string(), product: productSchema });
export const relatedProductsResponseSchema = z.array(productSchema);

/** The product page shows the newest reviews; the product's reviewCount tells how many there are in all. */
export const PRODUCT_DETAIL_REVIEWS_MAX = 100;

export const productDetailResponseSchema = z.object({ product: productSchema, reviews: z.array(reviewSchema) });
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;

export const PRODUCT_MESSAGES = {
  created: 'Product added successfully',
  updated: 'Product Updated Successfully!',
  deleted: 'Product deleted successfully',
  notFound: 'Product not found',
} as const;
