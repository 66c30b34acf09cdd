// Transactions: filters, cursor paging and a live refresh of the unfiltered first page. Filters
// and page live in the URL (transaction-filters.ts); on a phone each row is a card.
import { useEffect, useState } from 'preact/hooks';
import {
  purchaseCurrencies as currencies,
  methodName,
  methodNameOf,
  paymentMethods,
} from '../../../shared/payment-methods.ts';
import { transactionStatuses as statuses } from '../../../shared/transactions/transaction.ts';
import { query } from '../api.ts';
import { accountTimeZone, dateTime, money } from '../format.ts';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { useListing } from '../listing.ts';
import { StatusBadge, statusWord } from '../parts/bits.tsx';
import { ExportButton } from '../parts/export-button.tsx';
import { PagedTable, Pager } from '../parts/paged-table.tsx';
import { PayerCell } from '../parts/payer-cell.tsx';
import { navigate } from '../route.ts';
import {
  cursorsOf,
  type Filters,
  filtersOf,
  listingParams,
  queryOf,
  selectionParams,
} from '../transaction-filters.ts';
import type { Transaction } from '../types.ts';

/** The filter's methods: a code may serve several currencies, so each is offered once. */
const methods = () => [
  ...new Map(paymentMethods.map((row) => [row.method, methodName(row, currentLanguage())])),
];

export function TransactionsPage(props: { query: URLSearchParams }) {
  const applied = filtersOf(props.query);
  const cursors = cursorsOf(props.query);
  const cursor = cursors[cursors.length - 1] ?? null;
  const [filters, setFilters] = useState<Filters>(applied);
  // Back or a link changed the URL: the form shows what is applied.
  const appliedKey = props.query.toString();
  useEffect(() => setFilters(filtersOf(new URLSearchParams(appliedKey))), [appliedKey]);
  const { page, error } = useListing<Transaction>(
    '/transactions',
    listingParams(applied, cursor, accountTimeZone()),
  );

  const set = (name: keyof Filters) => (event: Event) =>
    setFilters({ ...filters, [name]: (event.target as HTMLInputElement).value });

  return (
    <section>
      <h1>{t('nav.transactions')}</h1>
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          navigate('transactions', queryOf(filters));
        }}
      >
        <label>
          {t('transactions.search')}
          <input
            type="search"
            value={filters.q}
            onInput={set('q')}
            name="q"
            placeholder={t('transactions.searchPlaceholder')}
            maxLength={255}
          />
        </label>
        <label>
          {t('transactions.status')}
          <select value={filters.status} onChange={set('status')} name="status">
            <option value="">{t('common.any')}</option>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {statusWord('transaction', status)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('transactions.currency')}
          <select value={filters.currency} onChange={set('currency')} name="currency">
            <option value="">{t('common.any')}</option>
            {currencies.map((currency) => (
              <option key={currency}>{currency}</option>
            ))}
          </select>
        </label>
        <label>
          {t('transactions.method')}
          <select value={filters.method} onChange={set('method')} name="method">
            <option value="">{t('common.any')}</option>
            {methods().map(([method, name]) => (
              <option key={method} value={method}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('transactions.from')}
          <input type="date" value={filters.createdFrom} onChange={set('createdFrom')} name="createdFrom" />
        </label>
        <label>
          {t('transactions.to')}
          <input type="date" value={filters.createdTo} onChange={set('createdTo')} name="createdTo" />
        </label>
        <button type="submit">{t('transactions.apply')}</button>
        <ExportButton
          search={query({ ...selectionParams(applied, accountTimeZone()), locale: currentLanguage() })}
        />
      </form>
      <PagedTable
        testId="transactions"
        caption={t('transactions.caption')}
        columns={[
          { label: t('transactions.transaction') },
          { label: t('transactions.status') },
          { label: t('transactions.payer') },
          { label: t('transactions.amount'), number: true },
          { label: t('transactions.method') },
          { label: t('transactions.created') },
        ]}
        page={page}
        error={error}
        none={t('transactions.none')}
        noneSoFar={t('transactions.noneSoFar')}
        cells={(transaction) => (
          <>
            <td class="card-id">
              <a href={`#/transactions/${transaction.id}`}>{transaction.id}</a>
              {transaction.externalId ? <div class="muted small">{transaction.externalId}</div> : null}
            </td>
            <td class="card-status">
              <StatusBadge status={transaction.status} kind="transaction" />
            </td>
            <td class="card-payer">
              <PayerCell payer={transaction.payer} />
            </td>
            <td class="number card-amount">{money(transaction.amount, transaction.currency)}</td>
            <td class="card-method">{methodNameOf(transaction, currentLanguage())}</td>
            <td class="card-date">{dateTime(transaction.createdAt)}</td>
          </>
        )}
      />
      <Pager
        cursors={cursors}
        nextCursor={page?.nextCursor}
        go={(pages) => navigate('transactions', queryOf(applied, pages))}
      />
    </section>
  );
}
