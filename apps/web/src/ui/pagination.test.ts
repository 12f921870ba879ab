import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

describe('page numbers', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps the first, the last and the neighbours of the current page when there are many', () => {
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it('handles the thousands of pages of the whole catalogue', () => {
    expect(pageItems(4000, 8334)).toEqual([1, 'gap', 3999, 4000, 4001, 'gap', 8334]);
    expect(pageItems(2, 8334)).toEqual([1, 2, 3, 'gap', 8334]);
  });

  it('gives a phone fewer numbers for the same pages', () => {
    expect(pageItems(1, 6, 5)).toEqual([1, 2, 'gap', 6]);
    expect(pageItems(3, 6, 5)).toEqual([1, 2, 3, 4, 'gap', 6]);
    expect(pageItems(4, 7, 5)).toEqual([1, 'gap', 3, 4, 5, 'gap', 7]);
    expect(pageItems(2, 5, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});
