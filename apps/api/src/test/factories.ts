import { randomBytes } from 'node:crypto';
import { type Category, COLOR_SWATCHES, type Color, type Role } from '@shop/contract/constants';
import { ONE_SIZE, type SizeScale } from '@shop/contract/inventory';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { productColours, products, reviews, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { openSession } from '../modules/auth/sessions.service';
import { insertVariants } from '../modules/inventory/inventory.queries';
import { newVariant } from '../modules/inventory/inventory.service';
import { colourName } from '../modules/products/product-colours';

export const TEST_PASSWORD = 'correct-horse-battery';
let testPasswordHash: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

export interface TestUser {
  id: string;
  email: string;
  username: string;
  role: Role;
  token: string;
  /** Headers that authenticate as this user (the same session as the cookie). */
  headers: { authorization: string };
  cookie: string;
}

export async function createUser(
  db: Queryable,
  overrides: { role?: Role; email?: string; username?: string } = {},
): Promise<TestUser> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const tag = unique();
  const [row] = await db
    .insert(users)
    .values({
      username: overrides.username ?? `user-${tag}`,
      email: overrides.email ?? `user-${tag}@example.test`,
      passwordHash: await testPasswordHash,
      role: overrides.role ?? 'user',
    })
    .returning();
  if (!row) throw new Error('user not created');
  const { token } = await openSession(db, row.id, 1);
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    role: row.role,
    token,
    headers: { authorization: `Bearer ${token}` },
    cookie: `shop_session=${token}`,
  };
}

export const createAdmin = (db: Queryable) => createUser(db, { role: 'admin' });

export async function createProduct(
  db: Queryable,
  overrides: Partial<{
    name: string;
    category: Category;
    color: Color;
    description: string;
    priceCents: number;
    oldPriceCents: number | null;
    rating: number;
    image: string;
    createdAt: Date;
    /** Its sizes and stock; one size with plenty by default, so a test buys without thinking of stock. */
    sizeScale: SizeScale;
    /** A size with a colour is of that colour only; one without is of every colour. */
    stock: { size: string; onHand: number; colour?: Color }[];
    /** Its colours, the first its own (`color`). */
    colours: Color[];
  }> = {},
) {
  const [row] = await db
    .insert(products)
    .values({
      name: overrides.name ?? `Product ${unique()}`,
      category: overrides.category ?? 'dress',
      color: overrides.color ?? 'black',
      description: overrides.description ?? 'A test product.',
      priceCents: overrides.priceCents ?? 4999,
      oldPriceCents: overrides.oldPriceCents ?? null,
      image: overrides.image ?? '/uploads/test.webp',
      rating: overrides.rating ?? 0,
      sizeScale: overrides.sizeScale ?? 'one',
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('product not created');
  const stock = overrides.stock ?? [{ size: ONE_SIZE, onHand: PLENTY }];
  const colours = overrides.colours ?? [row.color];
  await db.insert(productColours).values(
    colours.map((color, position) => ({
      productId: row.id,
      color,
      name: colourName(color),
      swatch: COLOR_SWATCHES[color],
      position,
      pictures: [{ url: row.image, alt: row.name }],
    })),
  );
  await insertVariants(
    db,
    colours.flatMap((color) =>
      stock
        .filter((s) => s.colour === undefined || s.colour === color)
        .map((s) => newVariant(row.id, color, s.size, s.onHand, row.color)),
    ),
  );
  const [withColours] = await db.select().from(products).where(eq(products.id, row.id));
  return withColours ?? row;
}

/** The stock a test product has unless the test says otherwise. */
export const PLENTY = 100_000;

export async function createReview(
  db: Queryable,
  values: { userId: string; productId: string; rating?: number; comment?: string },
) {
  const [row] = await db
    .insert(reviews)
    .values({
      userId: values.userId,
      productId: values.productId,
      rating: values.rating ?? 5,
      comment: values.comment ?? 'Lovely.',
    })
    .returning();
  if (!row) throw new Error('review not created');
  return row;
}
