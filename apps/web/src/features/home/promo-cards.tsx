import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { ItemList } from '../../ui/item-list';
import { CardImage } from './card-image';

const PROMOS = [
  { image: 'promo-shirt', eyebrow: 'New season', title: "Women's Shirts", text: 'Crisp cotton, easy shapes.' },
  { image: 'promo-dresses', eyebrow: 'Up to 40% off', title: "Women's Dresses", text: 'From desk to dinner.' },
  { image: 'promo-casuals', eyebrow: 'Just landed', title: "Women's Casuals", text: 'Weekend pieces, sun ready.' },
];

export function PromoCards() {
  return (
    <section aria-label="Promotions" className="container-page py-10 sm:py-14">
      <ItemList items={PROMOS} itemKey={(promo) => promo.image} className="grid gap-5 md:grid-cols-3">
        {/* The words sit beside (phone) or under (wider) the picture, never over it, so both read clearly. */}
        {(promo) => (
          <Link to={paths.shop.href()} className="group flex h-full overflow-hidden rounded-2xl bg-linen md:flex-col">
            <div className="w-2/5 shrink-0 overflow-hidden md:w-full">
              <CardImage
                name={promo.image}
                height={1000}
                className="aspect-[4/5] h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03] md:aspect-square md:h-auto"
              />
            </div>
            <div className="flex flex-1 flex-col justify-center p-6">
              <p className="eyebrow">{promo.eyebrow}</p>
              <p className="mt-2 font-display text-2xl text-ink">{promo.title}</p>
              <p className="mt-1 text-sm text-muted">{promo.text}</p>
              <span className="mt-4 text-sm font-medium text-ink underline decoration-taupe underline-offset-8 group-hover:decoration-clay">
                Shop now
              </span>
            </div>
          </Link>
        )}
      </ItemList>
    </section>
  );
}
