import { describe, expect, it } from 'vitest';
import { indexForKey, pictureOf, SWIPE_MIN_PX, stepIndex, swipeStep } from './use-gallery';

describe('moving through a gallery', () => {
  it('steps to the next and previous picture, round from the last to the first and back', () => {
    expect(stepIndex(0, 4, 1)).toBe(1);
    expect(stepIndex(3, 4, 1)).toBe(0);
    expect(stepIndex(0, 4, -1)).toBe(3);
    expect(stepIndex(0, 1, 1)).toBe(0);
  });

  it('moves with the arrow keys and jumps with Home and End; other keys move nothing', () => {
    expect(indexForKey('ArrowRight', 1, 4)).toBe(2);
    expect(indexForKey('ArrowLeft', 1, 4)).toBe(0);
    expect(indexForKey('ArrowLeft', 0, 4)).toBe(3);
    expect(indexForKey('Home', 2, 4)).toBe(0);
    expect(indexForKey('End', 0, 4)).toBe(3);
    expect(indexForKey('Enter', 1, 4)).toBeNull();
    expect(indexForKey('ArrowDown', 1, 4)).toBeNull();
  });

  it('reads a sideways swipe as a step and a short or upright drag as none', () => {
    expect(swipeStep(-SWIPE_MIN_PX - 10, 5)).toBe(1);
    expect(swipeStep(SWIPE_MIN_PX + 10, -5)).toBe(-1);
    expect(swipeStep(SWIPE_MIN_PX - 1, 0)).toBe(0);
    expect(swipeStep(-60, 120)).toBe(0);
  });

  it('says where the shopper is, counting from one', () => {
    expect(pictureOf(1, 4)).toBe('Picture 2 of 4');
  });
});
