// One transaction: every field, the payer's instruction, its events with every delivery attempt,
// its refunds and disputes, and the actions (redeliver, cancel while pending, sandbox pay, refund
// once paid).
import { useCallback, useEffect, useState } from 'preact/hooks';
import { methodNameOf } from '../../../shared/payment-methods.ts';
import { api } from '../api.ts';
import { dateTime, money } from '../format.ts';
import { CopyButton, Loading, Notice, StatusBadge } from '../parts/bits.tsx';
import { PayerFacts } from '../parts/payer-cell.tsx';
import { QrImage } from '../parts/qr-image.tsx';
import { DisputeList, RefundAction, RefundList } from '../parts/refunds.tsx';
import type { DisputeEventData, Refund, Transaction, TransactionEvent } from '../types.ts';

export function TransactionDetailPage(props: { id: string }) {
  const [transaction, setTransaction] = useState<Transaction | null>(null);
  const [events, setEvents] = useState<TransactionEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
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
      setError((caught as Error).message);
    }
  }, [props.id]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [load]);

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

  if (error && !transaction)
    return (
      <section>
        <h1>Transaction {props.id}</h1>
        <p class="form-error" role="alert">
          {error}
        </p>
        <p>
          <a href="#/transactions">Back to transactions</a>
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
        <a href="#/transactions">← Transactions</a>
      </p>
      <div class="page-head">
        <h1>
          {money(transaction.amount, transaction.currency)} <StatusBadge status={transaction.status} />
        </h1>
        <div class="actions">
          {pending && instructionReady ? (
            <button
              type="button"
              disabled={busy}
              data-testid="sandbox-pay"
              onClick={() =>
                act('Payment sent to the sandbox rail.', () =>
                  api('POST', `/sandbox/transactions/${transaction.id}/pay`),
                )
              }
            >
              Pay (sandbox)
            </button>
          ) : null}
          {pending ? (
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={() =>
                act('Transaction canceled.', () => api('POST', `/transactions/${transaction.id}/cancel`))
              }
            >
              Cancel transaction
            </button>
          ) : null}
        </div>
      </div>
      <Notice text={notice} />
      <dl class="facts" data-testid="transaction-fields">
        <dt>ID</dt>
        <dd>{transaction.id}</dd>
        <dt>Status</dt>
        <dd data-testid="transaction-status">{transaction.status}</dd>
        <dt>Amount</dt>
        <dd>{money(transaction.amount, transaction.currency)}</dd>
        <dt>Fee</dt>
        <dd>{money(transaction.costFee, transaction.currency)}</dd>
        {transaction.refundedAmount !== undefined ? (
          <>
            <dt>Refunded</dt>
            <dd data-testid="refunded-amount">{money(transaction.refundedAmount, transaction.currency)}</dd>
          </>
        ) : null}
        <dt>Currency and method</dt>
        <dd>
          {transaction.currency} · {methodNameOf(transaction, 'en')}
        </dd>
        <dt>External ID</dt>
        <dd>{transaction.externalId ?? '—'}</dd>
        <PayerFacts payer={transaction.payer} />
        {transaction.checkoutSessionId ? (
          <>
            <dt>Sold by checkout</dt>
            <dd data-testid="transaction-sale">
              Session {transaction.checkoutSessionId}
              {transaction.paymentLinkId ? (
                <>
                  {' '}
                  of link <a href={`#/checkout/${transaction.paymentLinkId}`}>{transaction.paymentLinkId}</a>
                </>
              ) : null}{' '}
              · offer {transaction.offerId} · product {transaction.productId}
            </dd>
          </>
        ) : null}
        <dt>Postback URL</dt>
        <dd class="wrap-anywhere">{transaction.postbackUrl ?? '— (the account’s webhook URL)'}</dd>
        <dt>Created</dt>
        <dd>{dateTime(transaction.createdAt)}</dd>
        <dt>Updated</dt>
        <dd>{dateTime(transaction.updatedAt)}</dd>
        <dt>Expires</dt>
        <dd>{dateTime(transaction.expiresAt)}</dd>
        <dt>Paid</dt>
        <dd>{dateTime(transaction.paidAt)}</dd>
        {transaction.canceledAt !== undefined ? (
          <>
            <dt>Canceled</dt>
            <dd>{dateTime(transaction.canceledAt)}</dd>
          </>
        ) : null}
      </dl>

      {paid ? (
        <>
          <h2>Refunds</h2>
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
              <h2>Disputes</h2>
              <DisputeList disputes={disputes} currency={transaction.currency} />
            </>
          ) : null}
        </>
      ) : null}

      <h2>Payment instruction</h2>
      {!instructionReady ? <p class="muted">The rail is preparing the instruction…</p> : null}
      {transaction.boletoDigitableLine ? (
        <p class="secret-row">
          <span>Boleto line</span> <code>{transaction.boletoDigitableLine}</code>{' '}
          <CopyButton text={transaction.boletoDigitableLine} label="Copy line" />
        </p>
      ) : null}
      {transaction.qr ? (
        <div>
          <QrImage payload={transaction.qr} label="QR code to pay this transaction" />
          <p class="secret-row">
            <code class="wrap-anywhere">{transaction.qr}</code>{' '}
            <CopyButton text={transaction.qr} label="Copy QR text" />
          </p>
        </div>
      ) : null}
      {hostedPage ? (
        <p>
          <a href={hostedPage} target="_blank" rel="noreferrer noopener">
            Open the payer’s page
          </a>
        </p>
      ) : null}

      <h2>Events</h2>
      {events.length === 0 ? (
        <p class="muted">No events yet: one is created when the transaction is paid.</p>
      ) : null}
      {events.map((event) => (
        <article class="event" key={event.id} data-testid="event" data-type={event.type}>
          <div class="page-head">
            <h3>
              {event.type} <StatusBadge status={event.deliveryStatus} />
            </h3>
            <button
              type="button"
              class="secondary small"
              disabled={busy || event.deliveryStatus === 'PENDING'}
              onClick={() => act('Redelivery started.', () => api('POST', `/events/${event.id}/redeliver`))}
            >
              Redeliver
            </button>
          </div>
          <p class="muted small wrap-anywhere">
            {event.id} · {dateTime(event.createdAt)}
            {event.lastError ? ` · ${event.lastError}` : ''}
          </p>
          <div class="table-wrap">
            <table>
              <caption class="sr-only">Delivery attempts of {event.type}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">When</th>
                  <th scope="col">URL</th>
                  <th scope="col">Result</th>
                  <th scope="col" class="number">
                    Duration
                  </th>
                </tr>
              </thead>
              <tbody>
                {event.attempts.length === 0 ? (
                  <tr>
                    <td colSpan={5}>No attempt yet.</td>
                  </tr>
                ) : null}
                {event.attempts.map((attempt, index) => {
                  const leftOut = attempt.number - (event.attempts[index - 1]?.number ?? 0) - 1;
                  return [
                    leftOut > 0 ? (
                      <tr key={`left-out-${attempt.number}`}>
                        <td colSpan={5} class="muted">
                          {leftOut} {leftOut === 1 ? 'attempt' : 'attempts'} not kept (an event keeps its
                          first and latest)
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
            </table>
          </div>
        </article>
      ))}
    </section>
  );
}
