// `createdFrom` / `createdTo` query parameters: ISO 8601 instants (a bare date means its start in
// UTC), normalised to the `toISOString()` form the listings' sort keys use.
import * as v from 'valibot';

const isoInstant = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const rule = 'must be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T12:00:00Z';

export const instantParam = v.pipe(
  v.string(rule),
  v.regex(isoInstant, rule),
  v.transform((value) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value)),
  v.check((date) => !Number.isNaN(date.getTime()), rule),
  v.transform((date) => date.toISOString()),
);

/** Sort-key bounds of a `createdAt#id` listing for an inclusive [from, to] range of instants. */
export function createdRange(query: { createdFrom?: string | undefined; createdTo?: string | undefined }): {
  from?: string;
  to?: string;
} {
  return {
    ...(query.createdFrom ? { from: query.createdFrom } : {}),
    // '#' sorts before the id's characters; '~' after all of them: ids at exactly `to` are in.
    ...(query.createdTo ? { to: `${query.createdTo}#~` } : {}),
  };
}

/** createdFrom ≤ createdTo, when both are given (reported on createdTo). */
export const createdRangeRule = {
  holds: (query: { createdFrom?: string | undefined; createdTo?: string | undefined }) =>
    !query.createdFrom || !query.createdTo || query.createdFrom <= query.createdTo,
  message: 'must not be before createdFrom',
};
