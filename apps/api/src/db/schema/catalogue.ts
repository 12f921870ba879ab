import { CATEGORIES, COLORS } from '@shop/contract/constants';
import { FIT_ANSWERS } from '@shop/contract/fit';
import { SIZE_SCALE_NAMES } from '@shop/contract/inventory';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

// The catalogue: products, their reviews and the counts the shop page filters by.

export const categoryEnum = pgEnum('category', CATEGORIES);
export const colorEnum = pgEnum('color', COLORS);
export const sizeScaleEnum = pgEnum('size_scale', SIZE_SCALE_NAMES);

/** PostgreSQL's searchable document: the words of a text, each with where it stands and its weight. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: categoryEnum('category').notNull(),
    color: colorEnum('color').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    oldPriceCents: integer('old_price_cents'),
    image: text('image').notNull(),
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /**
     * The keys of its colours (product_colours) in their order, kept by a trigger (migration 0025): the
     * colour filter finds a product by any of them; `color` and `image` are the first colour's.
     */
    colors: colorEnum('colors').array().notNull().default(sql`'{}'`),
    /** The scale its sizes (product_variants) come from. */
    sizeScale: sizeScaleEnum('size_scale').notNull().default('one'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The words search matches, weighted by where they stand: name (A), colour (B), category (C),
     * description (D). Written by a trigger (migration 0024) from the row itself, never by the shop.
     */
    searchDocument: tsvector('search_document'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_search_document_idx').using('gin', t.searchDocument),
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_old_price_positive', sql`${t.oldPriceCents} IS NULL OR ${t.oldPriceCents} > 0`),
    check('products_rating_range', sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
    check('products_review_count_non_negative', sql`${t.reviewCount} >= 0`),
    index('products_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_category_created_at_idx').on(t.category, t.createdAt.desc(), t.id.desc()),
    // Every sort of the shop page has an index under a category filter, so a page is read in order and stops
    // at its end: without them a cold page of dresses by price sorted 25,000. A colour is one of a product's
    // several, found through `colors`.
    index('products_category_price_idx').on(t.category, t.priceCents, t.id),
    index('products_category_rating_idx').on(t.category, t.rating.desc(), t.id.desc()),
    index('products_colors_idx').using('gin', t.colors),
    index('products_price_idx').on(t.priceCents, t.id),
    index('products_rating_idx').on(t.rating.desc(), t.id.desc()),
    index('products_author_id_idx').on(t.authorId),
  ],
);

/**
 * A colour a product comes in, with the name and swatch the shop shows, its own price when it has one and
 * its gallery (1-8 pictures in order, each `{ url, alt }`). Its sizes are the product's variants of it.
 */
export const productColours = pgTable(
  'product_colours',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: colorEnum('color').notNull(),
    name: text('name').notNull(),
    swatch: text('swatch').notNull(),
    priceCents: integer('price_cents'),
    /** Where it stands among the product's colours; the first is the product's own. */
    position: smallint('position').notNull(),
    pictures: json('pictures').$type<{ url: string; alt: string }[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.color] }),
    check('product_colours_price_positive', sql`${t.priceCents} IS NULL OR ${t.priceCents} > 0`),
    check('product_colours_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 40`),
    check('product_colours_swatch_hex', sql`${t.swatch} ~ '^#[0-9a-f]{6}$'`),
    check('product_colours_pictures_count', sql`json_array_length(${t.pictures}) BETWEEN 1 AND 8`),
  ],
);

export const fitAnswerEnum = pgEnum('fit_answer', FIT_ANSWERS);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept when the user is deleted: a review is part of the product's page and rating. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    rating: smallint('rating').notNull(),
    /** The size the reviewer bought and how it fits them, when they said. */
    sizeBought: text('size_bought'),
    fit: fitAnswerEnum('fit'),
    /** Written by a customer who had bought and paid for the product when the review was posted. */
    verified: boolean('verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('reviews_user_product_key').on(t.userId, t.productId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_comment_length', sql`char_length(${t.comment}) BETWEEN 1 AND 1000`),
    index('reviews_product_created_at_idx').on(t.productId, t.createdAt.desc()),
    index('reviews_user_created_at_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Products of each category in each colour, kept by statement triggers (migration 0016), so the shop
 * page's total under a category or colour filter reads a few rows instead of counting 25,000 in an index:
 * on a catalogue no cache holds, those counts were most of the database's time for a page.
 */
export const productFacetCounts = pgTable(
  'product_facet_counts',
  {
    category: categoryEnum('category').notNull(),
    color: colorEnum('color').notNull(),
    /** Products of the category whose first colour it is: summed over colours, the category's size. */
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    /** Products of the category that come in the colour, among others or not. */
    withColour: bigint('with_colour', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category, t.color] })],
);

/**
 * Every word of the catalogue's search documents, kept by the same trigger (migration 0024): a search word
 * with a typo is matched against these to find the words it may have meant. A word no product has any more
 * stays; it then matches nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() });
