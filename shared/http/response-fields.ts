// Field schemas that response bodies share: timestamps and paginated listings.
import * as v from 'valibot';

/** ISO 8601 UTC with milliseconds, e.g. `2026-11-25T12:00:00.000Z`. */
export const timestamp = v.pipe(v.string(), v.isoTimestamp());

export const nullableTimestamp = v.nullable(timestamp);

/** `{data, nextCursor}`: pass `nextCursor` back as `cursor` for the next page; null on the last. */
export function pageOf<S extends v.GenericSchema>(item: S, title: string) {
  return v.pipe(
    v.object({
      data: v.array(item),
      nextCursor: v.pipe(
        v.nullable(v.string()),
        v.description(
          'Opaque; send it back as `cursor` for the next page. null on the last page, and only there: a page ' +
            'reads a bounded stretch of the listing, so a filtered page may hold fewer items than `limit`, ' +
            'even none, while more follow.',
        ),
      ),
    }),
    v.title(title),
  );
}
