import type { Category } from '@shop/contract/constants';
import { rngOf } from './art/palette';

/** The demo shoppers who wrote the demo reviews; the demo customer is one of them. */
export const DEMO_SHOPPERS = [
  { username: 'Amelia Hart', email: 'amelia.hart@shop.local', profession: 'Architect' },
  { username: 'Sofia Marin', email: 'sofia.marin@shop.local', profession: 'Photographer' },
  { username: 'Chloe Bennett', email: 'chloe.bennett@shop.local', profession: 'Nurse' },
  { username: 'Nadia Rahman', email: 'nadia.rahman@shop.local', profession: 'Teacher' },
  { username: 'Grace Okafor', email: 'grace.okafor@shop.local', profession: 'Lawyer' },
] as const;

export const REVIEW_COMMENTS: Record<Category, readonly string[]> = {
  dress: [
    'Fits true to size and the fabric feels far more expensive than it was.',
    'Wore it to a wedding and got compliments all night.',
    'The colour is exactly as pictured. I have already ordered a second one.',
    'Lovely drape. I had to take the hem up a little, but that is on me being short.',
    'Runs slightly small, so size up if you are between sizes.',
    'Comfortable enough to wear all day, and it did not crease in my suitcase.',
    'Beautifully made, with proper seams and a lining. Worth every penny.',
    'Nice dress, but the material is thinner than I expected.',
  ],
  accessories: [
    'Great quality leather and the stitching is perfect.',
    'Goes with everything I own. My new favourite.',
    'Smaller than I imagined, but it holds all my essentials.',
    'Arrived beautifully packaged. It made a wonderful gift.',
    'Looks even better in person. The hardware feels solid.',
    'Good value for money, although the colour is a touch darker than the photo.',
    'I wear it almost every day and it still looks new.',
    'Stylish and practical. Exactly what I was looking for.',
  ],
  jewellery: [
    'Sparkles beautifully in the light. I love it.',
    'Delicate and elegant. I have not taken it off since it arrived.',
    'Bought it as an anniversary gift and she was thrilled.',
    'Good weight and no irritation at all on sensitive skin.',
    'Pretty, though a little smaller than it looks in the picture.',
    'The finish is flawless and the box it came in is lovely.',
    'Simple, classic and goes with everything.',
    'Lovely piece, but the clasp is a bit fiddly.',
  ],
  cosmetics: [
    'Long-lasting and the colour is gorgeous.',
    'My skin feels softer after a week of using it.',
    'Beautiful packaging and a lovely, subtle scent.',
    'Not too heavy and it layers well under make-up.',
    'A little goes a long way, so it will last for months.',
    'Nice product, although I wish the bottle were bigger for the price.',
    'I get asked what I am wearing every time I put it on.',
    'Gentle enough for my sensitive skin. Will buy again.',
  ],
};

export interface PlannedReview {
  /** Index into the reviewers: the demo shoppers, then the demo customer. */
  reviewer: number;
  rating: number;
  comment: string;
  /** How far between the product's arrival and now the review was written, 0..1. */
  when: number;
}

/**
 * About half the demo products get one to three reviews, ratings close to the product's own,
 * so the catalogue reads like a shop people actually buy from.
 */
export function planReviews(index: number, category: Category, rating: number, reviewers: number): PlannedReview[] {
  if (index % 2 === 1) return [];
  const rng = rngOf(7919 * (index + 1));
  const count = index % 3 === 0 ? 2 : index % 5 === 0 ? 3 : 1;
  const comments = REVIEW_COMMENTS[category];
  return Array.from({ length: count }, (_, j) => {
    const jitter = rng() < 0.25 ? -1 : rng() < 0.2 ? 1 : 0;
    return {
      // Steps of two over six or more reviewers never repeat a reviewer on one product.
      reviewer: (Math.floor(index / 2) + 2 * j) % reviewers,
      rating: Math.min(5, Math.max(1, Math.round(rating) + jitter)),
      comment: comments[(index + 3 * j) % comments.length] ?? comments[0]!,
      when: 0.2 + 0.75 * rng(),
    };
  });
}
