import { SHIPPING_PROMISES } from '@shop/contract/shipping';
import { OutlineIcon } from '../../ui/icons';
import { ItemList } from '../../ui/item-list';

const SERVICES = [
  {
    title: 'Free Standard Shipping',
    // Written from the shipping prices and countries: the banner promises what the checkout charges.
    text: `${SHIPPING_PROMISES.freeStandard}. ${SHIPPING_PROMISES.belowFree} ${SHIPPING_PROMISES.countries}`,
    icon: 'M3 7h11v9H3zM14 10h4l3 3v3h-7zM7 19a2 2 0 100-4 2 2 0 000 4zM17 19a2 2 0 100-4 2 2 0 000 4z',
  },
  {
    title: '100% Money Back Guarantee',
    text: 'Not quite right? Send it back and get your money back.',
    icon: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3zM8.5 12l2.5 2.5 4.5-5',
  },
  {
    title: '24/7 Strong Support',
    text: 'Questions about an order or a size? We answer around the clock.',
    icon: 'M4 13v-1a8 8 0 0116 0v1M4 13h3v6H5a1 1 0 01-1-1v-5zM20 13h-3v6h2a1 1 0 001-1v-5z',
  },
];

export function ServiceBanner() {
  return (
    <section aria-label="Our services" className="container-page py-12 sm:py-16">
      <ItemList
        items={SERVICES}
        itemKey={(service) => service.title}
        className="grid gap-8 border-y border-sand py-12 sm:grid-cols-3"
        itemClassName="flex flex-col items-center px-4 text-center"
      >
        {(service) => (
          <>
            <span className="grid size-14 place-items-center rounded-full bg-clay-soft text-clay">
              <OutlineIcon d={service.icon} className="size-6" />
            </span>
            <h3 className="mt-4 font-display text-xl text-ink">{service.title}</h3>
            <p className="mt-2 max-w-xs text-sm text-muted">{service.text}</p>
          </>
        )}
      </ItemList>
    </section>
  );
}
