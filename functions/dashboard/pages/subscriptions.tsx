// Subscriptions: a status filter and cursor paging, both in the URL (Back, reload and a new tab
// show the same page), the unfiltered first page refreshed live; on a phone each row is a card
// that leads with the amount per cycle and the status.
import { useEffect, useState } from 'preact/hooks';
import { subscriptionStatuses } from '../../../shared/subscriptions/subscription-status.ts';
import { chargeTime, money } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { useListing } from '../listing.ts';
import { StatusBadge, statusWord } from '../parts/bits.tsx';
import { PagedTable, Pager } from '../parts/paged-table.tsx';
import { navigate } from '../route.ts';
import type { Subscription } from '../types.ts';
import { cycleWord, subscriptionMethodWord } from '../words.ts';

function statusOf(query: URLSearchParams): string {
  const status = query.get('status') ?? '';
  return (subscriptionStatuses as readonly string[]).includes(status) ? status : '';
}

function queryOf(status: string, cursors: readonly string[] = []): URLSearchParams {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  for (const cursor of cursors) query.append('cursor', cursor);
  return query;
}

export function SubscriptionsPage(props: { query: URLSearchParams }) {
  const applied = statusOf(props.query);
  const cursors = props.query.getAll('cursor');
  const [status, setStatus] = useState(applied);
  useEffect(() => setStatus(applied), [applied]);
  const { page, error } = useListing<Subscription>('/v2/subscriptions', {
    limit: 20,
    cursor: cursors.at(-1) ?? null,
    status: applied,
  });

  return (
    <section>
      <h1>{t('nav.subscriptions')}</h1>
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          navigate('subscriptions', queryOf(status));
        }}
      >
        <label>
          {t('subscriptions.status')}
          <select
            value={status}
            name="status"
            onChange={(event) => setStatus((event.target as HTMLSelectElement).value)}
          >
            <option value="">{t('common.any')}</option>
            {subscriptionStatuses.map((code) => (
              <option key={code} value={code}>
                {statusWord('subscription', code)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t('subscriptions.apply')}</button>
      </form>
      <PagedTable
        testId="subscriptions"
        caption={t('subscriptions.caption')}
        columns={[
          { label: t('subscriptions.subscription') },
          { label: t('subscriptions.status') },
          { label: t('subscriptions.customer') },
          { label: t('subscriptions.amount'), number: true },
          { label: t('subscriptions.method') },
          { label: t('subscriptions.nextCharge') },
        ]}
        page={page}
        error={error}
        none={t('subscriptions.none')}
        noneSoFar={t('subscriptions.noneSoFar')}
        cells={(subscription) => (
          <>
            <td class="card-id">
              <a href={`#/subscriptions/${subscription.id}`}>{subscription.id}</a>
              {subscription.externalId ? <div class="muted small">{subscription.externalId}</div> : null}
            </td>
            <td class="card-status">
              <StatusBadge status={subscription.status} kind="subscription" />
            </td>
            <td class="card-payer">
              <div>{subscription.customer.name}</div>
              <div class="muted small wrap-anywhere">{subscription.customer.email}</div>
            </td>
            <td class="number card-amount">
              {t('subscriptions.every', {
                amount: money(subscription.amount, subscription.currency),
                cycle: cycleWord(subscription.billingCycle),
              })}
            </td>
            <td class="card-method">{subscriptionMethodWord(subscription)}</td>
            <td class="card-date">{chargeTime(subscription.nextChargeDate)}</td>
          </>
        )}
      />
      <Pager
        cursors={cursors}
        nextCursor={page?.nextCursor}
        go={(pages) => navigate('subscriptions', queryOf(applied, pages))}
      />
    </section>
  );
}
