// Query parameters shared by every cursor-paginated listing: `limit` (1–100, default 20) and
// the opaque `cursor` taken from the previous page's `nextCursor`.
import * as v from 'valibot';

export const defaultPageSize = 20;
export const maxPageSize = 100;

const limitRule = `must be an integer between 1 and ${maxPageSize}`;

export const limitParam = v.pipe(
  v.string(limitRule),
  v.regex(/^\d{1,3}$/, limitRule),
  v.transform(Number),
  v.minValue(1, limitRule),
  v.maxValue(maxPageSize, limitRule),
);

export const cursorParam = v.pipe(v.string('must be a string'), v.minLength(1, 'must not be empty'));

/** A `true`/`false` query flag. */
export const booleanParam = v.pipe(
  v.picklist(['true', 'false'], 'must be true or false'),
  v.transform((value) => value === 'true'),
);

export interface PageResponse<T> {
  data: T[];
  nextCursor: string | null;
}
