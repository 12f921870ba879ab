import { z } from 'zod';
import {
  CATEGORIES,
  CATEGORY_FILTERS,
  COLORS,
  COLOR_FILTERS,
  MAX_PAGE,
  PRODUCT_LIST_DEFAULT_LIMIT,
  PRODUCT_LIST_MAX_LIMIT,
  PRODUCT_SORTS,
} from './constants';
import { dollarsSchema, idSchema, timestampSchema } from './common';
import { reviewSchema } from './reviews';

export const categorySchema = z.enum(CATEGORIES, { message: `Category must be one of ${CATEGORIES.join(', ')}` });
export const colorSchema = z.enum(COLORS, { message: `Color must be one of ${COLORS.join(', ')}` });

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
});
export type Product = z.infer<typeof productSchema>;

const optionalNumber = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z.coerce.number().min(0).max(1_000_000).optional(),
);

export const productListQuerySchema = z.object({
  category: z.enum(CATEGORY_FILTERS).optional(),
  color: z.enum(COLOR_FILTERS).optional(),
  minPrice: optionalNumber,
  maxPrice: optionalNumber,
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  sort: z.enum(PRODUCT_SORTS).default('newest'),
  limit: z.coerce.number().int().min(1).max(PRODUCT_LIST_MAX_LIMIT).default(PRODUCT_LIST_DEFAULT_LIMIT),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSchema),
  totalPages: z.number().int(),
  totalProducts: z.number().int(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

const imageUrlSchema = z
  .string({ message: 'Image is required' })
  .trim()
  .min(1, 'Image is required')
  .max(2048)
  .refine((s) => /^https?:\/\//i.test(s) || s.startsWith('/uploads/'), 'Image must be an uploaded image URL');

/** The editable fields of a product; rating and author are the server's (extra keys are dropped). */
export const productInputSchema = z.object({
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
export type ProductInput = z.infer<typeof productInputSchema>;

export const productUpdateSchema = productInputSchema
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
