import { describe, expect, it } from 'vitest';
import { interleave } from '../support/interleaving-sequencer.ts';

describe('interleave', () => {
  it('places the spread items at even intervals, each after the item it follows', () => {
    expect(interleave<number | string>([1, 2, 3, 4], ['a', 'b'])).toEqual([1, 2, 'a', 3, 4, 'b']);
    expect(interleave<number | string>([1, 2], ['a', 'b', 'c', 'd'])).toEqual([1, 'a', 'b', 2, 'c', 'd']);
  });

  it('keeps every item once, in order', () => {
    const items = Array.from({ length: 97 }, (_, index) => `s${index}`);
    const spread = Array.from({ length: 85 }, (_, index) => `u${index}`);
    const result = interleave(items, spread);
    expect(result).toHaveLength(items.length + spread.length);
    expect(result.filter((item) => item.startsWith('s'))).toEqual(items);
    expect(result.filter((item) => item.startsWith('u'))).toEqual(spread);
  });

  it('with nothing to spread among, answers the spread items', () => {
    expect(interleave([], ['a'])).toEqual(['a']);
    expect(interleave([1], [])).toEqual([1]);
  });
});
