// Views of a transaction are compared on what they share: GET /transactions/{id} adds details
// (singleReadDetails) that listings, the cancel answer and webhook payloads do not carry.
import { expect } from 'vitest';
import { singleReadDetails } from '../../shared/transactions/transaction.ts';

/** The single read without its details, after checking it carries each of them. */
export function sharedView<T extends Record<string, unknown>>(
  singleRead: T,
): Omit<T, (typeof singleReadDetails)[number]> {
  const shared: Record<string, unknown> = { ...singleRead };
  for (const detail of singleReadDetails) {
    expect(singleRead, `GET /transactions/{id} shows ${detail}`).toHaveProperty(detail);
    delete shared[detail];
  }
  return shared as Omit<T, (typeof singleReadDetails)[number]>;
}
