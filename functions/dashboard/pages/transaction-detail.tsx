// One transaction: every field, the payer's instruction, its events with every delivery attempt,
// its refunds and disputes, and the actions (redeliver, cancel while pending, sandbox pay, refund
// once paid). An unknown id says so (main.tsx keys this page by id, so nothing of another
// transaction stays on screen); Cancel asks first; a retrying event can be redelivered now.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { methodNameOf } from '../../../shared/payment-methods.ts';
import { ApiError, api } from '../api.ts';
import { dateTime, money } from '../format.ts';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { CopyButton, Loading, Notice, StatusBadge, statusWord } from '../parts/bits.tsx';
import { PayerFacts } from '../parts/payer-cell.tsx';
import { QrImage } from '../parts/qr-image.tsx';
import { DisputeList, RefundAction, RefundList } from '../parts/refunds.tsx';
import { TableWrap } from '../parts/table-wrap.tsx';
import type { DisputeEventData, Refund, Transaction, TransactionEvent } from '../types.ts';
import { eventTypeWord } from '../words.ts';

export function TransactionDetailPage(props: { id: string }) {
  const [transaction, setTransaction] = useState<Transaction | null>(null);
  const [events, setEvents] = useState<TransactionEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refunds, setRefunds] = useState<Refund[]>([]);
  const [permissions, setPermissions] = useState<string[] | null>(null);

  useEffect(() => {
    api<{ permissions: string[] }>('GET', '/v2/account')
      .then((account) => setPermissions(account.permissions))
      .catch(() => setPermissions(null));
  }, []);

  const load = useCallback(async () => {
    try {
      const id = encodeURIComponent(props.id);
      const [loaded, loadedEvents, loadedRefunds] = await Promise.all([
        api<Transaction>('GET', `/transactions/${id}`),
        api<{ data: TransactionEvent[] }>('GET', `/transactions/${id}/events`),
        api<{ data: Refund[] }>('GET', `/transactions/${id}/refunds`),
      ]);
      setTransaction(loaded);
      setEvents(loadedEvents.data);
      setRefunds(loadedRefunds.data);
      setError(null);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) setNotFound(true);
      setError((caught as Error).message);
    }
  }, [props.id]);

  useEffect(() => {
    if (notFound) return;
    void load();
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [load, notFound]);

  const act = async (label: string, run: () => Promise<unknown>) => {
    setBusy(true);
    setNotice(null);
    try {
      await run();
      setNotice(label);
      await load();
    } catch (caught) {
      setNotice((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (notFound || (error && !transaction))
    return (
      <section>
        <h1 class="wrap-anywhere">{notFound ? t('detail.notFound', { id: props.id }) : props.id}</h1>
        {notFound ? null : (
          <p class="form-error" role="alert">
            {error}
          </p>
        )}
        <p>
          <a href="#/transactions">{t('detail.back')}</a>
        </p>
      </section>
    );
  if (!transaction) return <Loading />;
  const pending = transaction.status === 'PENDING';
  const instructionReady = Boolean(
    transaction.redirectUrl || transaction.qr || transaction.boletoDigitableLine,
  );
  const hostedPage = transaction.paymentInstruction?.boletoUrl ?? transaction.redirectUrl;
  // Disputes come with the transaction once the MED work adds them to its view.
  const disputes = (transaction as Transaction & { disputes?: DisputeEventData['dispute'][] }).disputes ?? [];
  const paid = transaction.status === 'PAID' || transaction.status === 'REFUNDED';

  return (
    <section>
      <p>
        <a href="#/transactions">{t('detail.backShort')}</a>
      </p>
      <div class="page-head">
        <h1>
          {money(transaction.amount, transaction.currency)}{' '}
          <StatusBadge status={transaction.status} kind="transaction" />
        </h1>
        <div class="actions">
          {pending && instructionReady ? (
            <button
              type="button"
              disabled={busy}
              data-testid="sandbox-pay"
              onClick={() =>
                act(t('detail.sandboxPaid'), () => api('POST', `/sandbox/transactions/${transaction.id}/pay`))
              }
            >
              {t('detail.sandboxPay')}
            </button>
          ) : null}
          {pending && !confirmCancel ? (
            <button type="button" class="danger" disabled={busy} onClick={() => setConfirmCancel(true)}>
              {t('detail.cancel')}
            </button>
          ) : null}
        </div>
      </div>
      {pending && confirmCancel ? (
        <div class="danger-zone">
          <p id="cancel-question">{t('detail.cancelConfirm')}</p>
          <button
            type="button"
            class="danger"
            disabled={busy}
            onClick={() => {
              setConfirmCancel(false);
              void act(t('detail.canceled'), () => api('POST', `/transactions/${transaction.id}/cancel`));
            }}
          >
            {t('detail.cancelYes')}
          </button>{' '}
          <button type="button" class="secondary" onClick={() => setConfirmCancel(false)}>
            {t('detail.cancelKeep')}
          </button>
        </div>
      ) : null}
      <Notice text={notice} />
      <dl class="facts" data-testid="transaction-fields">
        <dt>{t('detail.id')}</dt>
        <dd>{transaction.id}</dd>
        <dt>{t('detail.status')}</dt>
        <dd data-testid="transaction-status" data-status={transaction.status}>
          {statusWord('transaction', transaction.status)}
        </dd>
        <dt>{t('detail.amount')}</dt>
        <dd>{money(transaction.amount, transaction.currency)}</dd>
        <dt>{t('detail.fee')}</dt>
        <dd>{money(transaction.costFee, transaction.currency)}</dd>
        {transaction.refundedAmount !== undefined ? (
          <>
            <dt>{t('detail.refunded')}</dt>
            <dd data-testid="refunded-amount">{money(transaction.refundedAmount, transaction.currency)}</dd>
          </>
        ) : null}
        <dt>{t('detail.currencyMethod')}</dt>
        <dd>
          {transaction.currency} · {methodNameOf(transaction, currentLanguage())}
        </dd>
        <dt>{t('detail.externalId')}</dt>
        <dd>{transaction.externalId ?? '—'}</dd>
        <PayerFacts payer={transaction.payer} />
        {transaction.checkoutSessionId ? (
          <>
            <dt>{t('detail.soldBy')}</dt>
            <dd data-testid="transaction-sale">
              {t('detail.session', { id: transaction.checkoutSessionId })}
              {transaction.paymentLinkId ? (
                <>
                  {' '}
                  {t('detail.ofLink')}{' '}
                  <a href={`#/checkout/${transaction.paymentLinkId}`}>{transaction.paymentLinkId}</a>
                </>
              ) : null}{' '}
              {t('detail.offerProduct', { offer: transaction.offerId, product: transaction.productId })}
            </dd>
          </>
        ) : null}
        <dt>{t('detail.postback')}</dt>
        <dd class="wrap-anywhere">{transaction.postbackUrl ?? t('detail.accountUrl')}</dd>
        <dt>{t('detail.createdAt')}</dt>
        <dd>{dateTime(transaction.createdAt)}</dd>
        <dt>{t('detail.updatedAt')}</dt>
        <dd>{dateTime(transaction.updatedAt)}</dd>
        <dt>{t('detail.expiresAt')}</dt>
        <dd>{dateTime(transaction.expiresAt)}</dd>
        <dt>{t('detail.paidAt')}</dt>
        <dd>{dateTime(transaction.paidAt)}</dd>
        {transaction.canceledAt !== undefined ? (
          <>
            <dt>{t('detail.canceledAt')}</dt>
            <dd>{dateTime(transaction.canceledAt)}</dd>
          </>
        ) : null}
      </dl>

      {paid ? (
        <>
          <h2>{t('detail.refunds')}</h2>
          <RefundAction
            transaction={transaction}
            permissions={permissions}
            onDone={(message) => {
              setNotice(message);
              void load();
            }}
          />
          <RefundList refunds={refunds} />
          {disputes.length ? (
            <>
              <h2>{t('detail.disputes')}</h2>
              <DisputeList disputes={disputes} currency={transaction.currency} />
            </>
          ) : null}
        </>
      ) : null}

      <h2>{t('detail.instruction')}</h2>
      {!instructionReady ? <p class="muted">{t('detail.preparing')}</p> : null}
      {transaction.boletoDigitableLine ? (
        <p class="secret-row">
          <span>{t('detail.boletoLine')}</span> <code>{transaction.boletoDigitableLine}</code>{' '}
          <CopyButton text={transaction.boletoDigitableLine} label={t('detail.copyLine')} />
        </p>
      ) : null}
      {transaction.qr ? (
        <div>
          <QrImage payload={transaction.qr} label={t('detail.qrLabel')} />
          <p class="secret-row">
            <code class="wrap-anywhere">{transaction.qr}</code>{' '}
            <CopyButton text={transaction.qr} label={t('detail.copyQr')} />
          </p>
        </div>
      ) : null}
      {hostedPage ? (
        <p>
          <a href={hostedPage} target="_blank" rel="noreferrer noopener">
            {t('detail.payerPage')}
          </a>
        </p>
      ) : null}

      <h2>{t('detail.events')}</h2>
      {events.length === 0 ? <p class="muted">{t('detail.noEvents')}</p> : null}
      {events.map((event) => (
        <article class="event" key={event.id} data-testid="event" data-type={event.type}>
          <div class="page-head">
            <h3>
              {eventTypeWord(event.type)} <StatusBadge status={event.deliveryStatus} kind="delivery" />
            </h3>
            {/* A run under way without a retry waiting (its first attempt) cannot be restarted. */}
            {event.deliveryStatus !== 'PENDING' || event.nextAttemptAt ? (
              <button
                type="button"
                class="secondary small"
                disabled={busy}
                onClick={() =>
                  act(t('detail.redelivered'), () => api('POST', `/events/${event.id}/redeliver`))
                }
              >
                {event.nextAttemptAt ? t('detail.redeliverNow') : t('detail.redeliver')}
              </button>
            ) : null}
          </div>
          <p class="muted small wrap-anywhere">
            {event.id} · {dateTime(event.createdAt)}
            {event.lastError ? ` · ${event.lastError}` : ''}
          </p>
          {event.nextAttemptAt ? (
            <p class="small" data-testid="next-attempt">
              {t('detail.nextAttempt', { at: dateTime(event.nextAttemptAt) })}
            </p>
          ) : null}
          <TableWrap caption={t('detail.attemptsOf', { type: eventTypeWord(event.type) })}>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('detail.when')}</th>
                <th scope="col">{t('detail.url')}</th>
                <th scope="col">{t('detail.result')}</th>
                <th scope="col" class="number">
                  {t('detail.duration')}
                </th>
              </tr>
            </thead>
            <tbody>
              {event.attempts.length === 0 ? (
                <tr>
                  <td colSpan={5}>{t('detail.noAttempt')}</td>
                </tr>
              ) : null}
              {event.attempts.map((attempt, index) => {
                const leftOut = attempt.number - (event.attempts[index - 1]?.number ?? 0) - 1;
                return [
                  leftOut > 0 ? (
                    <tr key={`left-out-${attempt.number}`}>
                      <td colSpan={5} class="muted">
                        {t('detail.leftOut', { count: leftOut })}
                      </td>
                    </tr>
                  ) : null,
                  <tr key={attempt.number}>
                    <td>{attempt.number}</td>
                    <td>{dateTime(attempt.at)}</td>
                    <td class="wrap-anywhere">{attempt.url ?? '—'}</td>
                    <td>{attempt.error ?? `HTTP ${attempt.statusCode}`}</td>
                    <td class="number">{attempt.durationMs} ms</td>
                  </tr>,
                ];
              })}
            </tbody>
          </TableWrap>
        </article>
      ))}
    </section>
  );
}
