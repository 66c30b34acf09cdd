// Opaque pagination cursors: the DynamoDB key of the last item of a page, as base64url JSON.
// A cursor comes back from the client, so it is checked before it reaches DynamoDB: it must
// have exactly the listing's key attributes, and the partition it names must be the caller's.
import { badRequest } from '../errors.ts';

export type CursorKey = Record<string, string | number>;

export interface CursorShape {
  /** The key attributes a cursor of this listing carries (table keys plus index keys). */
  readonly fields: readonly string[];
  /** Attributes whose value is fixed for this caller and listing (e.g. the index partition). */
  readonly pinned?: Readonly<Record<string, string>>;
  /** Further checks on the decoded key, e.g. that the table key matches the index sort key. */
  readonly check?: (key: CursorKey) => boolean;
}

/** Longer than any key this table can hold; bounds the work done on a hostile cursor. */
const maxCursorLength = 4096;

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

const invalidCursor = () =>
  badRequest(
    'validation',
    'cursor: is not a cursor of this listing; pass nextCursor from the previous page unchanged',
  );

export function decodeCursor(cursor: string, shape: CursorShape): CursorKey {
  if (cursor.length === 0 || cursor.length > maxCursorLength || !/^[A-Za-z0-9_-]+$/.test(cursor))
    throw invalidCursor();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw invalidCursor();
  const entries = Object.entries(decoded);
  if (entries.length !== shape.fields.length) throw invalidCursor();
  const key: CursorKey = {};
  for (const field of shape.fields) {
    const value = (decoded as Record<string, unknown>)[field];
    const valid =
      (typeof value === 'string' && value.length > 0) ||
      (typeof value === 'number' && Number.isFinite(value));
    if (!Object.hasOwn(decoded, field) || !valid) throw invalidCursor();
    key[field] = value as string | number;
  }
  for (const [field, expected] of Object.entries(shape.pinned ?? {})) {
    if (key[field] !== expected) throw invalidCursor();
  }
  if (shape.check && !shape.check(key)) throw invalidCursor();
  return key;
}
