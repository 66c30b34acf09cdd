// One subscription: its terms in words, the next charge in the account's time zone, its cycles
// with their charges (GET /transactions?subscriptionId=, newest cycle first, older ones on
// demand), and Cancel, asked first. An unknown id says so (main.tsx keys this page by id).
import { useCallback, useEffect, useState } from 'preact/hooks';
import { cancelableSubscriptionStatuses } from '../../../shared/subscriptions/subscription-status.ts';
import { ApiError, api, type Page, query } from '../api.ts';
import { chargeTime, dateTime, money } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { Loading, Notice, StatusBadge, statusWord } from '../parts/bits.tsx';
import { TableWrap } from '../parts/table-wrap.tsx';
import type { Subscription, Transaction } from '../types.ts';
import { cancelReasonWord, cycleWord, subscriptionMethodWord } from '../words.ts';

const cyclesPerPage = 12;

export function SubscriptionDetailPage(props: { id: string }) {
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [cycles, setCycles] = useState<Transaction[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const cyclePage = (cursor: string | null) =>
    api<Page<Transaction>>(
      'GET',
      `/transactions${query({ subscriptionId: props.id, limit: cyclesPerPage, cursor })}`,
    );

  const load = useCallback(async () => {
    try {
      const loaded = await api<Subscription>('GET', `/v2/subscriptions/${encodeURIComponent(props.id)}`);
      const first = await cyclePage(null);
      setSubscription(loaded);
      // The newest cycles are read again; older pages the merchant opened stay as they were.
      setCycles((shown) => {
        const fresh = new Set(first.data.map((charge) => charge.id));
        return [...first.data, ...shown.filter((charge) => !fresh.has(charge.id))];
      });
      setOlderCursor((cursor) => cursor ?? first.nextCursor);
      setError(null);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) setNotFound(true);
      setError((caught as Error).message);
    }
  }, [props.id]);

  useEffect(() => {
    if (notFound) return;
    void load();
    const timer = setInterval(() => void load(), 3000);
    return () => clearInterval(timer);
  }, [load, notFound]);

  const loadOlder = async () => {
    if (!olderCursor) return;
    setBusy(true);
    try {
      const older = await cyclePage(olderCursor);
      setCycles((shown) => [
        ...shown,
        ...older.data.filter((charge) => !shown.some((s) => s.id === charge.id)),
      ]);
      setOlderCursor(older.nextCursor);
    } catch (caught) {
      setNotice((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    setConfirmCancel(false);
    setBusy(true);
    setNotice(null);
    try {
      setSubscription(await api<Subscription>('POST', `/v2/subscriptions/${props.id}/cancel`));
      setNotice(t('subscription.canceled'));
    } catch (caught) {
      setNotice((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (notFound || (error && !subscription))
    return (
      <section>
        <h1 class="wrap-anywhere">{notFound ? t('subscription.notFound', { id: props.id }) : props.id}</h1>
        {notFound ? null : (
          <p class="form-error" role="alert">
            {error}
          </p>
        )}
        <p>
          <a href="#/subscriptions">{t('subscription.back')}</a>
        </p>
      </section>
    );
  if (!subscription) return <Loading />;
  const cancelable = cancelableSubscriptionStatuses.includes(subscription.status);
  const amount = money(subscription.amount, subscription.currency);

  return (
    <section>
      <p>
        <a href="#/subscriptions">{t('subscription.backShort')}</a>
      </p>
      <div class="page-head">
        <h1>
          {t('subscriptions.every', { amount, cycle: cycleWord(subscription.billingCycle) })}{' '}
          <StatusBadge status={subscription.status} kind="subscription" />
        </h1>
        <div class="actions">
          {cancelable && !confirmCancel ? (
            <button type="button" class="danger" disabled={busy} onClick={() => setConfirmCancel(true)}>
              {t('subscription.cancel')}
            </button>
          ) : null}
        </div>
      </div>
      {cancelable && confirmCancel ? (
        <div class="danger-zone">
          <p id="cancel-question">{t('subscription.cancelConfirm')}</p>
          <button
            type="button"
            class="danger"
            disabled={busy}
            aria-describedby="cancel-question"
            onClick={() => void cancel()}
          >
            {t('subscription.cancelYes')}
          </button>{' '}
          <button type="button" class="secondary" onClick={() => setConfirmCancel(false)}>
            {t('subscription.cancelKeep')}
          </button>
        </div>
      ) : null}
      <Notice text={notice} />
      <dl class="facts" data-testid="subscription-fields">
        <dt>{t('subscription.id')}</dt>
        <dd class="wrap-anywhere">{subscription.id}</dd>
        <dt>{t('subscription.status')}</dt>
        <dd data-testid="subscription-status" data-status={subscription.status}>
          {statusWord('subscription', subscription.status)}
        </dd>
        <dt>{t('subscription.amount')}</dt>
        <dd data-testid="subscription-amount">{amount}</dd>
        <dt>{t('subscription.billingCycle')}</dt>
        <dd data-testid="subscription-cycle">{cycleWord(subscription.billingCycle)}</dd>
        <dt>{t('subscription.method')}</dt>
        <dd data-testid="subscription-method">{subscriptionMethodWord(subscription)}</dd>
        <dt>{t('subscription.offer')}</dt>
        <dd class="wrap-anywhere">{subscription.offerId}</dd>
        <dt>{t('subscription.customer')}</dt>
        <dd class="wrap-anywhere">
          {subscription.customer.name} · {subscription.customer.email}
        </dd>
        <dt>{t('subscription.externalId')}</dt>
        <dd class="wrap-anywhere">{subscription.externalId ?? '—'}</dd>
        <dt>{t('subscription.nextCharge')}</dt>
        <dd data-testid="subscription-next-charge">
          {subscription.nextChargeDate
            ? chargeTime(subscription.nextChargeDate)
            : t('subscription.noNextCharge')}
        </dd>
        <dt>{t('subscription.cyclesCharged')}</dt>
        <dd>{subscription.currentCycle}</dd>
        <dt>{t('subscription.createdAt')}</dt>
        <dd>{dateTime(subscription.createdAt)}</dd>
        {subscription.canceledAt ? (
          <>
            <dt>{t('subscription.canceledAt')}</dt>
            <dd>{dateTime(subscription.canceledAt)}</dd>
          </>
        ) : null}
        {subscription.cancelReason ? (
          <>
            <dt>{t('subscription.cancelReason')}</dt>
            <dd data-testid="subscription-cancel-reason">{cancelReasonWord(subscription.cancelReason)}</dd>
          </>
        ) : null}
      </dl>

      <h2>{t('subscription.cycles')}</h2>
      {cycles.length === 0 ? <p class="muted">{t('subscription.noCycles')}</p> : null}
      {cycles.length ? (
        <TableWrap
          caption={t('subscription.cyclesCaption')}
          testId="subscription-cycles"
          class="cards-on-phone"
        >
          <thead>
            <tr>
              <th scope="col">{t('subscription.cycle')}</th>
              <th scope="col">{t('subscription.status')}</th>
              <th scope="col" class="number">
                {t('subscriptions.amount')}
              </th>
              <th scope="col">{t('subscription.chargedAt')}</th>
              <th scope="col">{t('subscription.paidAt')}</th>
              <th scope="col">{t('subscription.transaction')}</th>
            </tr>
          </thead>
          <tbody>
            {cycles.map((charge) => (
              <tr key={charge.id} data-cycle={charge.cycle} data-id={charge.id}>
                <td class="card-payer">{t('subscription.cycleNumber', { cycle: charge.cycle ?? '—' })}</td>
                <td class="card-status">
                  <StatusBadge status={charge.status} kind="transaction" />
                </td>
                <td class="number card-amount">{money(charge.amount, charge.currency)}</td>
                <td class="card-method">{dateTime(charge.createdAt)}</td>
                <td class="card-date">{dateTime(charge.paidAt)}</td>
                <td class="card-id">
                  <a href={`#/transactions/${charge.id}`}>{charge.id}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </TableWrap>
      ) : null}
      {olderCursor ? (
        <div class="pager">
          <button type="button" class="secondary" disabled={busy} onClick={() => void loadOlder()}>
            {t('subscription.olderCycles')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
