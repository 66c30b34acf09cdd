// Bounded concurrency without a pool: the items are handled a group at a time, each group all at
// once, so at most `size` requests are in flight (the sweeper's and the listings' pages).

/** The items in consecutive groups of `size` (the last one may be smaller), in order. */
export function groupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let index = 0; index < items.length; index += size) groups.push(items.slice(index, index + size));
  return groups;
}

/** `work` on every item, `size` at a time, in order; the results in the items' order. */
export async function mapInGroups<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (const group of groupsOf(items, size)) results.push(...(await Promise.all(group.map(work))));
  return results;
}
