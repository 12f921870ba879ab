import { ItemList } from '../../ui/item-list';
import { SectionHeading } from '../../ui/section-heading';
import { CardImage } from './card-image';

const POSTS = [
  { image: 'blog-1', date: 'March 12', title: 'The straw hat, reconsidered', tag: 'Style notes' },
  { image: 'blog-2', date: 'March 4', title: 'How to layer fine jewellery', tag: 'Jewellery' },
  { image: 'blog-3', date: 'February 22', title: 'Five ways with a navy shirt', tag: 'Wardrobe' },
  { image: 'blog-4', date: 'February 9', title: 'Sunglasses for every face shape', tag: 'Accessories' },
];

/** Latest From Blog: a few cards written into the page, not fetched. */
export function BlogCards() {
  return (
    <section aria-labelledby="blog-title" className="container-page pt-4 pb-20">
      <SectionHeading
        id="blog-title"
        eyebrow="The journal"
        title="Latest From Blog"
        intro="Elevate your wardrobe with our freshest style tips, trends and inspiration."
      />
      <ItemList
        items={POSTS}
        itemKey={(post) => post.image}
        className="mt-10 grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 lg:grid-cols-4"
      >
        {(post) => (
          <article>
            <CardImage name={post.image} height={600} className="aspect-[4/3] w-full rounded-2xl object-cover" />
            <p className="mt-4 text-[0.65rem] tracking-[0.16em] text-muted uppercase sm:text-xs">
              {post.tag} · {post.date}
            </p>
            <h3 className="mt-2 font-display text-lg leading-snug text-ink sm:text-xl">{post.title}</h3>
          </article>
        )}
      </ItemList>
    </section>
  );
}
