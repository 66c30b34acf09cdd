import { describe, expect, it } from 'vitest';
import { groupsOf, mapInGroups } from '../../shared/in-groups.ts';

describe('mapInGroups', () => {
  it('keeps at most `size` calls in flight and answers in the items’ order', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapInGroups([5, 1, 4, 2, 3, 0, 6], 3, async (item) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, item));
      inFlight -= 1;
      return item * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(most).toBe(3);
  });

  it('answers nothing for no items', async () => {
    expect(await mapInGroups([], 4, async () => 1)).toEqual([]);
  });
});

describe('groupsOf', () => {
  it('cuts the items into consecutive groups, the last one smaller', () => {
    expect(groupsOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(groupsOf([], 3)).toEqual([]);
  });
});
