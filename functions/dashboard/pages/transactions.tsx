// Transactions: filters, cursor paging and a live refresh of the unfiltered first page.
import { useState } from 'preact/hooks';
import {
  purchaseCurrencies as currencies,
  methodName,
  methodNameOf,
  paymentMethods,
} from '../../../shared/payment-methods.ts';
import { transactionStatuses as statuses } from '../../../shared/transactions/transaction.ts';
import { query } from '../api.ts';
import { dateTime, money } from '../format.ts';
import { useListing } from '../listing.ts';
import { Loading, StatusBadge } from '../parts/bits.tsx';
import { ExportButton } from '../parts/export-button.tsx';
import { PayerCell } from '../parts/payer-cell.tsx';
import type { Transaction } from '../types.ts';

/** The filter's methods: a code may serve several currencies, so each is offered once. */
const methods = [...new Map(paymentMethods.map((row) => [row.method, methodName(row, 'en')]))];

interface Filters {
  q: string;
  status: string;
  currency: string;
  method: string;
  createdFrom: string;
  createdTo: string;
}

const emptyFilters: Filters = { q: '', status: '', currency: '', method: '', createdFrom: '', createdTo: '' };

export function TransactionsPage() {
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  const [applied, setApplied] = useState<Filters>(emptyFilters);
  // The cursors of the pages before this one, to go back.
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const selection = {
    q: applied.q.trim(),
    status: applied.status,
    currency: applied.currency,
    method: applied.method,
    createdFrom: applied.createdFrom,
    createdTo: applied.createdTo ? `${applied.createdTo}T23:59:59.999Z` : '',
  };
  const { page, error } = useListing<Transaction>('/transactions', { limit: 20, cursor, ...selection });

  const set = (name: keyof Filters) => (event: Event) =>
    setFilters({ ...filters, [name]: (event.target as HTMLInputElement).value });

  return (
    <section>
      <h1>Transactions</h1>
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setCursors([null]);
          setApplied(filters);
        }}
      >
        <label>
          Search
          <input
            type="search"
            value={filters.q}
            onInput={set('q')}
            name="q"
            placeholder="ID, external ID, payer e-mail or name"
            maxLength={255}
          />
        </label>
        <label>
          Status
          <select value={filters.status} onChange={set('status')} name="status">
            <option value="">Any</option>
            {statuses.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </label>
        <label>
          Currency
          <select value={filters.currency} onChange={set('currency')} name="currency">
            <option value="">Any</option>
            {currencies.map((currency) => (
              <option key={currency}>{currency}</option>
            ))}
          </select>
        </label>
        <label>
          Method
          <select value={filters.method} onChange={set('method')} name="method">
            <option value="">Any</option>
            {methods.map(([method, name]) => (
              <option key={method} value={method}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={filters.createdFrom} onChange={set('createdFrom')} name="createdFrom" />
        </label>
        <label>
          To
          <input type="date" value={filters.createdTo} onChange={set('createdTo')} name="createdTo" />
        </label>
        <button type="submit">Apply filters</button>
        <ExportButton search={query(selection)} />
      </form>
      {error ? (
        <p class="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {!page && !error ? <Loading /> : null}
      {page ? (
        <div class="table-wrap">
          <table data-testid="transactions">
            <caption class="sr-only">Transactions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Transaction</th>
                <th scope="col">Status</th>
                <th scope="col">Payer</th>
                <th scope="col" class="number">
                  Amount
                </th>
                <th scope="col">Method</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {page.data.length === 0 ? (
                <tr>
                  <td colSpan={6}>
                    {page.nextCursor
                      ? 'None of the transactions searched so far match. Next page searches older ones.'
                      : 'No transactions match.'}
                  </td>
                </tr>
              ) : null}
              {page.data.map((transaction) => (
                <tr key={transaction.id} data-id={transaction.id}>
                  <td>
                    <a href={`#/transactions/${transaction.id}`}>{transaction.id}</a>
                    {transaction.externalId ? <div class="muted small">{transaction.externalId}</div> : null}
                  </td>
                  <td>
                    <StatusBadge status={transaction.status} />
                  </td>
                  <td>
                    <PayerCell payer={transaction.payer} />
                  </td>
                  <td class="number">{money(transaction.amount, transaction.currency)}</td>
                  <td>{methodNameOf(transaction, 'en')}</td>
                  <td>{dateTime(transaction.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div class="pager">
        <button
          type="button"
          class="secondary"
          disabled={cursors.length < 2}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Previous page
        </button>
        <button
          type="button"
          class="secondary"
          disabled={!page?.nextCursor}
          onClick={() => page?.nextCursor && setCursors([...cursors, page.nextCursor])}
        >
          Next page
        </button>
      </div>
    </section>
  );
}
