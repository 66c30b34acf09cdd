// Bounded concurrency without a pool: the items are handled a group at a time, each group all at
// once, so at most `size` requests are in flight (the sweeper's and the listings' pages).

/** `work` on every item, `size` at a time, in order; the results in the items' order. */
export async function mapInGroups<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += size)
    results.push(...(await Promise.all(items.slice(index, index + size).map(work))));
  return results;
}
