// Checkout: the payment links that sell offers (made from an offer on Products), each with its
// URL to copy and as a QR, turned off and on; the checkout sessions payers opened, with the
// transaction each one created; and what every sale fills in for the merchant.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { dateTime, money } from '../format.ts';
import { useListing } from '../listing.ts';
import { CopyButton, Loading, Notice, StatusBadge } from '../parts/bits.tsx';
import { described, errorsFrom, Field, type FieldErrors, FormError, noErrors } from '../parts/form.tsx';
import { QrImage } from '../parts/qr-image.tsx';
import type { CheckoutSession, PaymentLink, SaleSettings } from '../types.ts';

export const linkState = (link: Pick<PaymentLink, 'active'>) => (link.active ? 'Active' : 'Off');

/** Cursor paging: the cursors of the pages before this one, to go back. */
function useCursors() {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  return { cursors, setCursors, cursor: cursors[cursors.length - 1] ?? null };
}

function Pager(props: {
  paging: ReturnType<typeof useCursors>;
  nextCursor: string | null | undefined;
  label: string;
}) {
  const { cursors, setCursors } = props.paging;
  const next = props.nextCursor;
  return (
    <nav class="pager" aria-label={props.label}>
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
        disabled={!next}
        onClick={() => next && setCursors([...cursors, next])}
      >
        Next page
      </button>
    </nav>
  );
}

export function CheckoutPage(props: { linkId?: string | undefined }) {
  const [sessionsOf, setSessionsOf] = useState<string | null>(null);
  const [changed, setChanged] = useState(0);
  return (
    <section>
      <h1>Checkout</h1>
      <p class="muted">
        A payment link sells one offer to anyone who opens it: make one from an offer on{' '}
        <a href="#/products">Products</a>. Each visit opens a checkout session: one payment, on a page hosted
        for you.
      </p>
      {props.linkId ? (
        <SelectedLink
          key={props.linkId}
          linkId={props.linkId}
          onChanged={() => setChanged(changed + 1)}
          onShowSessions={() => setSessionsOf(props.linkId ?? null)}
        />
      ) : null}
      <PaymentLinks key={changed} selected={props.linkId} />
      <Sessions linkId={sessionsOf} onShowAll={() => setSessionsOf(null)} />
      <SaleSettingsForm />
    </section>
  );
}

/** One link, its URL and QR, and its switch. */
function SelectedLink(props: { linkId: string; onChanged: () => void; onShowSessions: () => void }) {
  const [link, setLink] = useState<PaymentLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api<PaymentLink>('GET', `/v2/payment-links/${encodeURIComponent(props.linkId)}`)
      .then(setLink)
      .catch((caught: Error) => setError(caught.message));
  }, [props.linkId]);
  const toggle = async (active: boolean) => {
    setBusy(true);
    try {
      setLink(await api<PaymentLink>('PATCH', `/v2/payment-links/${props.linkId}`, { body: { active } }));
      setNotice(active ? 'The link sells again.' : 'The link is off: payers see that it is unavailable.');
      setError(null);
      props.onChanged();
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (error && !link)
    return (
      <p class="form-error" role="alert">
        {error}
      </p>
    );
  if (!link) return <Loading />;
  return (
    <article class="card" data-testid="payment-link" aria-labelledby="payment-link-title">
      <div class="page-head">
        <h2 id="payment-link-title">
          Payment link · {money(link.amount, link.currency)}{' '}
          <span class={`badge badge-${link.active ? 'paid' : 'expired'}`} data-testid="payment-link-state">
            {linkState(link)}
          </span>
        </h2>
        <div class="actions">
          <button type="button" class="secondary small" onClick={props.onShowSessions}>
            Show its sessions
          </button>
          {link.active ? (
            <button type="button" class="danger small" disabled={busy} onClick={() => toggle(false)}>
              Turn off
            </button>
          ) : (
            <button type="button" class="small" disabled={busy} onClick={() => toggle(true)}>
              Turn on
            </button>
          )}
        </div>
      </div>
      <Notice text={notice} />
      <FormError message={error} />
      <p class="secret-row">
        <code data-testid="payment-link-url">{link.url}</code> <CopyButton text={link.url} label="Copy URL" />
      </p>
      <QrImage payload={link.url} label="QR code of the payment link" testId="payment-link-qr" />
      <p class="muted small">
        Offer {link.offerId} · {link.paymentMethods ? link.paymentMethods.join(', ') : 'every method'} ·
        created {dateTime(link.createdAt)}
      </p>
    </article>
  );
}

function PaymentLinks(props: { selected?: string | undefined }) {
  const paging = useCursors();
  const { page, error } = useListing<PaymentLink>('/v2/payment-links', { limit: 20, cursor: paging.cursor });
  return (
    <>
      <h2>Payment links</h2>
      {error ? (
        <p class="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {!page && !error ? <Loading /> : null}
      {page ? (
        <div class="table-wrap">
          <table data-testid="payment-links">
            <caption class="sr-only">Payment links, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Link</th>
                <th scope="col">State</th>
                <th scope="col" class="number">
                  Price
                </th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {page.data.length === 0 ? (
                <tr>
                  <td colSpan={4}>No payment links yet.</td>
                </tr>
              ) : null}
              {page.data.map((link) => (
                <tr key={link.id} data-id={link.id}>
                  <td>
                    <a
                      href={`#/checkout/${link.id}`}
                      aria-current={link.id === props.selected ? 'true' : undefined}
                    >
                      {link.id}
                    </a>
                  </td>
                  <td>{linkState(link)}</td>
                  <td class="number">{money(link.amount, link.currency)}</td>
                  <td>{dateTime(link.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager paging={paging} nextCursor={page?.nextCursor} label="Payment link pages" />
    </>
  );
}

function Sessions(props: { linkId: string | null; onShowAll: () => void }) {
  const paging = useCursors();
  const { setCursors } = paging;
  // Another link's sessions start from their first page.
  useEffect(() => setCursors([null]), [props.linkId, setCursors]);
  const { page, error } = useListing<CheckoutSession>('/v2/checkout-sessions', {
    limit: 20,
    cursor: paging.cursor,
    paymentLinkId: props.linkId,
  });
  return (
    <>
      <div class="page-head">
        <h2>Checkout sessions{props.linkId ? ` of ${props.linkId}` : ''}</h2>
        {props.linkId ? (
          <button type="button" class="secondary small" onClick={props.onShowAll}>
            Show every session
          </button>
        ) : null}
      </div>
      {error ? (
        <p class="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {!page && !error ? <Loading /> : null}
      {page ? (
        <div class="table-wrap">
          <table data-testid="checkout-sessions">
            <caption class="sr-only">Checkout sessions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Session</th>
                <th scope="col">Status</th>
                <th scope="col" class="number">
                  Amount
                </th>
                <th scope="col">Transaction</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {page.data.length === 0 ? (
                <tr>
                  <td colSpan={5}>
                    {page.nextCursor
                      ? 'None of the sessions searched so far match. Next page searches older ones.'
                      : 'No checkout sessions yet.'}
                  </td>
                </tr>
              ) : null}
              {page.data.map((session) => (
                <tr key={session.id} data-id={session.id}>
                  <td>
                    {session.id}
                    {session.paymentLinkId ? (
                      <div class="muted small">via {session.paymentLinkId}</div>
                    ) : null}
                  </td>
                  <td>
                    <StatusBadge status={session.status} />
                  </td>
                  <td class="number">{money(session.amount, session.currency)}</td>
                  <td>
                    {session.transactionId ? (
                      <a href={`#/transactions/${session.transactionId}`}>{session.transactionId}</a>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>{dateTime(session.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager paging={paging} nextCursor={page?.nextCursor} label="Checkout session pages" />
    </>
  );
}

/** The merchant's document and reference, which every BRL sale names. */
function SaleSettingsForm() {
  const [document, setDocument] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(noErrors);
  const [notice, setNotice] = useState<string | null>(null);
  // The fields stay disabled until the saved details load: typing before then would be
  // overwritten by the late answer, and saving would send the empty fields.
  const [loaded, setLoaded] = useState(false);
  const show = useCallback((settings: SaleSettings) => {
    setDocument(settings.responsibleDocument ?? '');
    setReference(settings.responsibleExternalId ?? '');
    setLoaded(true);
  }, []);
  useEffect(() => {
    api<SaleSettings>('GET', '/v2/account/settings')
      .then(show)
      .catch((caught: Error) => setErrors({ fields: {}, form: caught.message }));
  }, [show]);
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      show(
        await api<SaleSettings>('PUT', '/v2/account/settings', {
          body: { responsibleDocument: document || null, responsibleExternalId: reference || null },
        }),
      );
      setErrors(noErrors);
      setNotice('Sale details saved.');
    } catch (caught) {
      setNotice(null);
      setErrors(errorsFrom(caught, ['responsibleDocument', 'responsibleExternalId']));
    }
  };
  return (
    <form class="card" onSubmit={submit} noValidate aria-labelledby="sale-settings-title">
      <h2 id="sale-settings-title">Your details on every sale</h2>
      <p class="muted">
        Payments in reais name you as the responsible party: links and sessions in BRL need your CPF or CNPJ.
      </p>
      <Notice text={notice} />
      <Field id="sale-document" label="CPF or CNPJ" error={errors.fields.responsibleDocument}>
        <input
          id="sale-document"
          disabled={!loaded}
          value={document}
          onInput={(event) => setDocument((event.target as HTMLInputElement).value)}
          {...described('sale-document', errors.fields.responsibleDocument)}
        />
      </Field>
      <Field
        id="sale-reference"
        label="Your reference (optional)"
        hint="Your id for yourself as the responsible party; the account's id when empty."
        error={errors.fields.responsibleExternalId}
      >
        <input
          id="sale-reference"
          disabled={!loaded}
          value={reference}
          onInput={(event) => setReference((event.target as HTMLInputElement).value)}
          {...described('sale-reference', errors.fields.responsibleExternalId)}
        />
      </Field>
      <FormError message={errors.form} />
      <button type="submit" disabled={!loaded}>
        Save sale details
      </button>
    </form>
  );
}
