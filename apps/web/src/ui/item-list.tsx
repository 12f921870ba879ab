import type { Key, ReactNode } from 'react';

interface ItemListProps<Item> {
  items: readonly Item[];
  itemKey: (item: Item) => Key;
  className?: string;
  itemClassName?: string;
  children: (item: Item, index: number) => ReactNode;
}

/** Cards, links or products as a list, so a screen reader says how many there are; one item per entry. */
export function ItemList<Item>({ items, itemKey, className, itemClassName, children }: ItemListProps<Item>) {
  return (
    <ul className={className}>
      {items.map((item, index) => (
        <li key={itemKey(item)} className={itemClassName}>
          {children(item, index)}
        </li>
      ))}
    </ul>
  );
}
