import { colourOf, priceOfColour } from '@shop/contract/colour-choice';
import { idSchema } from '@shop/contract/common';
import { SHOP_NAME } from '@shop/contract/constants';
import { ONE_SIZE } from '@shop/contract/inventory';
import type { ProductDetailResponse } from '@shop/contract/products';
import { CATEGORY_COPY, productDescription, storefrontPaths } from '@shop/contract/seo';
import type { Offer, Product, ProductGroup, Review, WithContext } from 'schema-dts';
import { AppError } from '../../platform/errors';
import { productDetailAnswer } from '../products/catalogue-answers';
import { decodedSegment, type PageHeadKit, SCHEMA } from './page-head-kit';
import type { PageHead } from './page-head-shape';

// A product's page: its offers, rating and reviews as structured data, and the trail to it.

/** The reviews a product page's structured data quotes (the page shows the newest ones too). */
const REVIEWS_IN_STRUCTURED_DATA = 5;

type DetailProduct = ProductDetailResponse['product'];

/** The rating and newest reviews, which belong to the product or its group as a whole. */
function ratingAndReviews({ product, reviews }: ProductDetailResponse) {
  return {
    ...(product.reviewCount > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating' as const,
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

/**
 * A size of a colour as a product of its own, with the one offer it is: its colour's price and picture,
 * its own stock, and the page's address with its colour chosen.
 */
function variantOf(kit: PageHeadKit, product: DetailProduct, path: string, variant: DetailProduct['variants'][number]) {
  const colour = colourOf(product, variant.colour);
  const several = product.colours.length > 1;
  const label = [several && colour.name, variant.size !== ONE_SIZE && `size ${variant.size}`].filter(Boolean);
  const url = kit.absolute(several ? `${path}?colour=${variant.colour}` : path);
  const offer: Offer = {
    '@type': 'Offer',
    url,
    price: priceOfColour(product, colour).toFixed(2),
    priceCurrency: 'USD',
    itemCondition: 'https://schema.org/NewCondition',
    availability: variant.available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
  };
  return {
    '@type': 'Product' as const,
    name: [product.name, ...label].join(', '),
    sku: variant.sku,
    image: kit.absolute(colour.pictures[0]?.url ?? product.image),
    color: colour.name,
    ...(variant.size !== ONE_SIZE && { size: variant.size }),
    offers: offer,
  };
}

/**
 * A product in one colour and one size is one Product with one offer. One in several colours or sizes is
 * a ProductGroup that varies by them, each size of each colour a Product of the group with its offer, as
 * search engines read variants.
 */
function productStructuredData(
  kit: PageHeadKit,
  detail: ProductDetailResponse,
  path: string,
): WithContext<Product> | WithContext<ProductGroup> {
  const { product } = detail;
  const { absolute } = kit;
  const common = {
    name: product.name,
    description: product.description,
    image: [absolute(product.image)],
    category: CATEGORY_COPY[product.category].title,
    brand: { '@type': 'Brand' as const, name: SHOP_NAME },
    url: absolute(path),
    ...ratingAndReviews(detail),
  };
  const [only] = product.variants;
  if (product.variants.length === 1 && only) {
    const { offers } = variantOf(kit, product, path, only);
    return { '@context': SCHEMA, '@type': 'Product', ...common, sku: only.sku, offers };
  }
  const variesBy = [
    ...(product.colours.length > 1 ? ['https://schema.org/color'] : []),
    ...(product.variants.some((v) => v.size !== ONE_SIZE) ? ['https://schema.org/size'] : []),
  ];
  return {
    '@context': SCHEMA,
    '@type': 'ProductGroup',
    ...common,
    productGroupID: product._id,
    variesBy,
    hasVariant: product.variants.map((v) => variantOf(kit, product, path, v)),
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
