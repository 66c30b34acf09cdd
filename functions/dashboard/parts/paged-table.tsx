// A page of a cursor-paged listing as a table (a card per row on a phone), with its error and
// loading states, and the pager over the cursors of the pages seen (kept in the URL, or in a
// page's state).
import type { ComponentChildren } from 'preact';
import type { Page } from '../api.ts';
import { t } from '../i18n/i18n.ts';
import { Loading } from './bits.tsx';
import { FormError } from './form.tsx';
import { TableWrap } from './table-wrap.tsx';

export interface Column {
  label: string;
  /** Right-aligned (amounts). */
  number?: boolean;
}

export function PagedTable<T extends { id: string }>(props: {
  testId: string;
  caption: string;
  columns: readonly Column[];
  page: Page<T> | null;
  error: string | null;
  /** What the table says without rows: on the last page, or before it (`nextCursor` set). */
  none: string;
  noneSoFar?: string;
  /** Each row a card on a phone (the listings' default); false: a table at every width. */
  cardsOnPhone?: boolean;
  /** The row's cells. */
  cells: (item: T) => ComponentChildren;
}) {
  const { page, error } = props;
  return (
    <>
      <FormError message={error} />
      {!page && !error ? <Loading /> : null}
      {page ? (
        <TableWrap
          caption={props.caption}
          testId={props.testId}
          class={props.cardsOnPhone === false ? undefined : 'cards-on-phone'}
        >
          <thead>
            <tr>
              {props.columns.map((column) => (
                <th key={column.label} scope="col" class={column.number ? 'number' : undefined}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page.data.length === 0 ? (
              <tr>
                <td colSpan={props.columns.length}>
                  {page.nextCursor ? (props.noneSoFar ?? props.none) : props.none}
                </td>
              </tr>
            ) : null}
            {page.data.map((item) => (
              <tr key={item.id} data-id={item.id}>
                {props.cells(item)}
              </tr>
            ))}
          </tbody>
        </TableWrap>
      ) : null}
    </>
  );
}

/**
 * Previous and Next over the cursors of the pages seen so far (`cursors`: the first page's is
 * not among them).
 */
export function Pager(props: {
  cursors: readonly string[];
  nextCursor: string | null | undefined;
  go: (cursors: readonly string[]) => void;
  label?: string;
}) {
  const { cursors, nextCursor } = props;
  // A page with two listings names each pager: a navigation landmark apiece.
  const Container = props.label ? 'nav' : 'div';
  return (
    <Container class="pager" aria-label={props.label}>
      <button
        type="button"
        class="secondary"
        disabled={cursors.length === 0}
        onClick={() => props.go(cursors.slice(0, -1))}
      >
        {t('common.previous')}
      </button>
      <button
        type="button"
        class="secondary"
        disabled={!nextCursor}
        onClick={() => nextCursor && props.go([...cursors, nextCursor])}
      >
        {t('common.next')}
      </button>
    </Container>
  );
}
