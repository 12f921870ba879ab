// The database's tables and enums, one file per domain. Everything here is what drizzle-kit compares
// with the migrations, and what `import * as schema` hands to drizzle: tables and enums only.
export * from './accounts';
export * from './audit';
export * from './back-in-stock';
export * from './catalogue';
export * from './checkout';
export * from './discounts';
export * from './insight';
export * from './inventory';
export * from './mail';
export * from './orders';
export * from './returns';
export * from './wishlist';
