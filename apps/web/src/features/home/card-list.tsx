import type { Key, ReactNode } from 'react';

interface CardListProps<Item> {
  items: readonly Item[];
  itemKey: (item: Item) => Key;
  className: string;
  itemClassName?: string;
  children: (item: Item) => ReactNode;
}

/** A home section's cards: a list, so a screen reader says how many there are. */
export function CardList<Item>({ items, itemKey, className, itemClassName, children }: CardListProps<Item>) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={itemKey(item)} className={itemClassName}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
