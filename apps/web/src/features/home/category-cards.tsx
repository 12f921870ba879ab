import type { Category } from '@shop/contract/constants';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { ItemList } from '../../ui/item-list';
import { SectionHeading } from '../../ui/section-heading';
import { CardImage } from './card-image';

const CARDS: { category: Category; label: string }[] = [
  { category: 'accessories', label: 'Accessories' },
  { category: 'dress', label: 'Dress Collection' },
  { category: 'jewellery', label: 'Jewellery' },
  { category: 'cosmetics', label: 'Cosmetics' },
];

export function CategoryCards() {
  return (
    <section aria-labelledby="categories-title" className="container-page py-10 sm:py-14">
      <SectionHeading id="categories-title" eyebrow="The collections" title="Shop by category" />
      <ItemList
        items={CARDS}
        itemKey={(card) => card.category}
        className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4"
      >
        {({ category, label }) => (
          <Link to={paths.category.href(category)} className="group block">
            <div className="overflow-hidden rounded-2xl">
              <CardImage
                name={`category-${category}`}
                height={1000}
                className="aspect-[4/5] w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
              />
            </div>
            <p className="mt-3 flex items-center justify-between font-display text-lg text-ink sm:text-xl">
              {label}
              <span aria-hidden="true" className="text-clay transition-transform group-hover:translate-x-1">
                →
              </span>
            </p>
          </Link>
        )}
      </ItemList>
    </section>
  );
}
