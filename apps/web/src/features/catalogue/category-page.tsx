import { skipToken } from '@reduxjs/toolkit/query/react';
import { PRODUCT_GRID_PRIORITY_IMAGES } from '@shop/contract/constants';
import { CATEGORY_COPY } from '@shop/contract/seo';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ProductGrid, type ProductGridProps } from '../../ui/product-grid';
import { EmptyState } from '../../ui/status-message';
import { usePageMeta } from '../../ui/use-page-meta';
import { categoryProductsArgs, isCategory, useGetProductsQuery } from './catalogue.api';
import { ProductListState } from './product-list-state';

export function CategoryPage({ onAddToCart }: Pick<ProductGridProps, 'onAddToCart'>) {
  const { categoryName } = useParams();
  const category = isCategory(categoryName) ? categoryName : undefined;
  const copy = category ? CATEGORY_COPY[category] : { title: 'Category not found', intro: '' };
  usePageMeta(copy.title, copy.intro || 'This category does not exist.');
  const query = useGetProductsQuery(category ? categoryProductsArgs(category) : skipToken);

  // A new category starts at the top of the page, not where the shopper had scrolled to in the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the category changes
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [categoryName]);

  return (
    <div className="container-page py-10 sm:py-14">
      <header className="flex flex-col items-center border-b border-sand pb-10 text-center">
        <nav aria-label="Breadcrumb" className="text-xs text-muted">
          <Link to={paths.home.href()} className="hover:text-ink">
            Home
          </Link>
          <span aria-hidden="true" className="px-2">
            /
          </span>
          <span>Categories</span>
        </nav>
        <h1 className="mt-4 font-display text-4xl text-ink capitalize sm:text-5xl">{copy.title}</h1>
        {copy.intro && <p className="mt-3 max-w-lg text-sm text-muted">{copy.intro}</p>}
      </header>
      <section aria-labelledby="category-products" className="mt-10">
        <h2 id="category-products" className="sr-only">
          Products
        </h2>
        {!category ? (
          <EmptyState title="We could not find that category">
            Browse{' '}
            <Link to={paths.shop.href()} className="underline underline-offset-4">
              the whole shop
            </Link>{' '}
            instead.
          </EmptyState>
        ) : (
          <ProductListState
            query={query}
            empty={
              <EmptyState title="New pieces are on their way">
                Nothing in this category yet. Browse{' '}
                <Link to={paths.shop.href()} className="underline underline-offset-4">
                  the whole shop
                </Link>
                .
              </EmptyState>
            }
          >
            {(list) => (
              <ProductGrid
                products={list.products}
                onAddToCart={onAddToCart}
                priorityCount={PRODUCT_GRID_PRIORITY_IMAGES}
              />
            )}
          </ProductListState>
        )}
      </section>
    </div>
  );
}
