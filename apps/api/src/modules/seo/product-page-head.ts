import { idSchema } from '@shop/contract/common';
import { SHOP_NAME } from '@shop/contract/constants';
import type { ProductDetailResponse } from '@shop/contract/products';
import { CATEGORY_COPY, productDescription, storefrontPaths } from '@shop/contract/seo';
import type { Offer, Product, Review, WithContext } from 'schema-dts';
import { AppError } from '../../platform/errors';
import { productDetailAnswer } from '../products/catalogue-answers';
import { decodedSegment, type PageHeadKit, SCHEMA } from './page-head-kit';
import type { PageHead } from './page-head-shape';

// A product's page: its offers, rating and reviews as structured data, and the trail to it.

/** The reviews a product page's structured data quotes (the page shows the newest ones too). */
const REVIEWS_IN_STRUCTURED_DATA = 5;

function productStructuredData(
  kit: PageHeadKit,
  { product, reviews }: ProductDetailResponse,
  path: string,
): WithContext<Product> {
  const { absolute } = kit;
  const offer = (available: boolean, size?: { size: string; sku: string }): Offer => ({
    '@type': 'Offer',
    ...(size && { name: `${product.name}, size ${size.size}`, sku: size.sku }),
    url: absolute(path),
    price: product.price.toFixed(2),
    priceCurrency: 'USD',
    itemCondition: 'https://schema.org/NewCondition',
    availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
  });
  const sized = product.sizeScale !== 'one';
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: [absolute(product.image)],
    sku: product.variants[0]?.sku ?? product._id,
    category: CATEGORY_COPY[product.category].title,
    brand: { '@type': 'Brand', name: SHOP_NAME },
    url: absolute(path),
    // Each size is an offer of its own where there are sizes: its own stock, the same price.
    offers: sized ? product.variants.map((v) => offer(v.available > 0, v)) : offer(product.inStock),
    ...(product.reviewCount > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: Math.round(product.rating * 10) / 10,
        reviewCount: product.reviewCount,
        bestRating: 5,
        worstRating: 1,
      },
    }),
    ...(reviews.length > 0 && {
      review: reviews.slice(0, REVIEWS_IN_STRUCTURED_DATA).map(
        (r): Review => ({
          '@type': 'Review',
          reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          author: { '@type': 'Person', name: r.userId.username },
          reviewBody: r.comment,
          datePublished: r.createdAt,
        }),
      ),
    }),
  };
}

export async function productPageHead(kit: PageHeadKit, segment: string): Promise<PageHead> {
  const id = idSchema.safeParse(decodedSegment(segment));
  if (!id.success) return kit.notFound();
  const answer = await productDetailAnswer(kit.db, kit.cache, id.data).catch((err: unknown) => {
    if (err instanceof AppError && err.statusCode === 404) return undefined;
    throw err;
  });
  if (!answer) return kit.notFound();
  const detail = JSON.parse(answer.body) as ProductDetailResponse;
  const { product } = detail;
  const path = storefrontPaths.product(product._id);
  const category = CATEGORY_COPY[product.category];
  return kit.page({ title: product.name, description: productDescription(product.description) }, path, {
    ...kit.preview(product.image),
    ogType: 'product',
    jsonLd: [
      productStructuredData(kit, detail, path),
      kit.breadcrumbs([
        { name: 'Home', path: storefrontPaths.home() },
        { name: category.title, path: storefrontPaths.category(product.category) },
        { name: product.name, path },
      ]),
    ],
  });
}
