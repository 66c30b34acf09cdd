// A transaction's refunds and disputes on its detail, and the Refund action: an amount (what is
// left, by default) and an optional reason, confirmed before it posts; each confirmation posts
// with its own Idempotency-Key, so a double click or a retried post is one refund.
import { useState } from 'preact/hooks';
import { amountProblemText } from '../amount-problems.ts';
import { api } from '../api.ts';
import { amountText, dateTime, money } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { leftToRefund, readRefundAmount, refundUnavailable } from '../refund-form.ts';
import type { DisputeEventData, Refund, Transaction } from '../types.ts';
import { StatusBadge } from './bits.tsx';
import { TableWrap } from './table-wrap.tsx';

type Dispute = DisputeEventData['dispute'];

export function RefundAction(props: {
  transaction: Transaction;
  permissions: readonly string[] | null;
  onDone: (message: string) => void;
}) {
  const { transaction } = props;
  const left = leftToRefund(transaction);
  const format = (cents: number) => money(cents, transaction.currency);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const unavailable = refundUnavailable(transaction, props.permissions);
  if (transaction.status !== 'PAID' && transaction.status !== 'REFUNDED') return null;
  if (unavailable)
    return (
      <p class="muted" data-testid="refund-unavailable">
        {unavailable}
      </p>
    );
  if (!open)
    return (
      <button
        type="button"
        data-testid="refund-open"
        onClick={() => {
          setAmount(amountText(left, transaction.currency));
          setOpen(true);
        }}
      >
        {t('refunds.refund')}
      </button>
    );

  const review = (event: Event) => {
    event.preventDefault();
    const reading = readRefundAmount(amount, left, format);
    if ('error' in reading) return setError(t('refunds.amountError', { error: amountProblemText(reading) }));
    setError(null);
    setConfirming(reading.cents);
  };
  const post = async (cents: number) => {
    setBusy(true);
    try {
      await api('POST', `/transactions/${encodeURIComponent(transaction.id)}/refunds`, {
        body: { amount: cents, ...(reason.trim() ? { reason: reason.trim() } : {}) },
        idempotencyKey: crypto.randomUUID(),
      });
      setOpen(false);
      setConfirming(null);
      props.onDone(t('refunds.requested', { amount: format(cents) }));
    } catch (caught) {
      setError((caught as Error).message);
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="refund-form" data-testid="refund-form" onSubmit={review}>
      <h3>{t('refunds.new')}</h3>
      <label>
        {t('refunds.amount', { currency: transaction.currency, left: format(left) })}
        <input
          name="amount"
          inputMode="decimal"
          value={amount}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'refund-error' : undefined}
          disabled={confirming !== null}
          onInput={(event) => setAmount((event.target as HTMLInputElement).value)}
        />
      </label>
      <label>
        {t('refunds.reason')}
        <input
          name="reason"
          maxLength={255}
          value={reason}
          disabled={confirming !== null}
          onInput={(event) => setReason((event.target as HTMLInputElement).value)}
        />
      </label>
      {error ? (
        <p class="form-error" id="refund-error" role="alert">
          {error}
        </p>
      ) : null}
      {confirming === null ? (
        <div class="actions">
          <button type="submit">{t('refunds.review')}</button>
          <button type="button" class="secondary" onClick={() => setOpen(false)}>
            {t('refunds.cancel')}
          </button>
        </div>
      ) : (
        <fieldset class="actions">
          <legend class="sr-only">{t('refunds.confirmLegend')}</legend>
          <p data-testid="refund-confirm-text">
            {t('refunds.confirmQuestion', { amount: format(confirming) })}
          </p>
          <button
            type="button"
            class="danger"
            disabled={busy}
            data-testid="refund-confirm"
            onClick={() => void post(confirming)}
          >
            {t('refunds.confirm', { amount: format(confirming) })}
          </button>
          <button type="button" class="secondary" disabled={busy} onClick={() => setConfirming(null)}>
            {t('refunds.change')}
          </button>
        </fieldset>
      )}
    </form>
  );
}

/** The columns refunds and disputes share: what went back, its state and why, since and until when. */
function MoneyBackHead(props: { startedColumn: string }) {
  return (
    <thead>
      <tr>
        <th scope="col" class="number">
          {t('refunds.amountColumn')}
        </th>
        <th scope="col">{t('refunds.status')}</th>
        <th scope="col">{t('refunds.reasonColumn')}</th>
        <th scope="col">{props.startedColumn}</th>
        <th scope="col">{t('refunds.updatedAt')}</th>
      </tr>
    </thead>
  );
}

export function RefundList(props: { refunds: readonly Refund[] }) {
  if (props.refunds.length === 0) return <p class="muted">{t('refunds.none')}</p>;
  return (
    <TableWrap caption={t('refunds.caption')} testId="refunds">
      <MoneyBackHead startedColumn={t('refunds.requestedAt')} />
      <tbody>
        {props.refunds.map((refund) => (
          <tr key={refund.id} data-testid="refund" data-status={refund.status}>
            <td class="number">{money(refund.amount, refund.currency)}</td>
            <td>
              <StatusBadge status={refund.status} kind="refund" />
            </td>
            <td>
              {refund.failureReason
                ? t('refunds.failed', { reason: refund.failureReason })
                : (refund.reason ?? '—')}
            </td>
            <td>{dateTime(refund.createdAt)}</td>
            <td>{dateTime(refund.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </TableWrap>
  );
}

export function DisputeList(props: { disputes: readonly Dispute[]; currency: string }) {
  return (
    <TableWrap caption={t('disputes.caption')} testId="disputes">
      <MoneyBackHead startedColumn={t('disputes.openedAt')} />
      <tbody>
        {props.disputes.map((dispute) => (
          <tr key={dispute.id} data-testid="dispute">
            <td class="number">{money(dispute.amount, props.currency)}</td>
            <td>
              <StatusBadge status={dispute.status} kind="dispute" />
            </td>
            <td>{dispute.reason}</td>
            <td>{dateTime(dispute.createdAt)}</td>
            <td>{dateTime(dispute.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </TableWrap>
  );
}
