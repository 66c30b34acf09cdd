// Checkout: the payment links that sell offers (made from an offer on Products), each with its
// URL to copy and as a QR, turned off and on; the checkout sessions payers opened, with the
// transaction each one created; and what every sale fills in for the merchant.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { methodNameOf } from '../../../shared/payment-methods.ts';
import { api } from '../api.ts';
import { dateTime, money } from '../format.ts';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { useListing } from '../listing.ts';
import { CopyButton, Loading, Notice, StatusBadge } from '../parts/bits.tsx';
import { described, errorsFrom, Field, type FieldErrors, FormError, noErrors } from '../parts/form.tsx';
import { PagedTable, Pager } from '../parts/paged-table.tsx';
import { QrImage } from '../parts/qr-image.tsx';
import type { CheckoutSession, PaymentLink, SaleSettings } from '../types.ts';

export const linkState = (link: Pick<PaymentLink, 'active'>) =>
  link.active ? t('checkout.active') : t('checkout.off');

/** Cursor paging in the page's state: the cursors of the pages after the first one seen so far. */
function useCursors() {
  const [cursors, setCursors] = useState<readonly string[]>([]);
  return { cursors, setCursors, cursor: cursors.at(-1) ?? null };
}

export function CheckoutPage(props: { linkId?: string | undefined }) {
  const [sessionsOf, setSessionsOf] = useState<string | null>(null);
  const [changed, setChanged] = useState(0);
  return (
    <section>
      <h1>{t('nav.checkout')}</h1>
      <p class="muted">{t('checkout.intro')}</p>
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
      setNotice(active ? t('checkout.sellsAgain') : t('checkout.turnedOff'));
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
          {t('checkout.linkTitle', { amount: money(link.amount, link.currency) })}{' '}
          <span class={`badge badge-${link.active ? 'paid' : 'expired'}`} data-testid="payment-link-state">
            {linkState(link)}
          </span>
        </h2>
        <div class="actions">
          <button type="button" class="secondary small" onClick={props.onShowSessions}>
            {t('checkout.showSessions')}
          </button>
          {link.active ? (
            <button type="button" class="danger small" disabled={busy} onClick={() => toggle(false)}>
              {t('checkout.turnOff')}
            </button>
          ) : (
            <button type="button" class="small" disabled={busy} onClick={() => toggle(true)}>
              {t('checkout.turnOn')}
            </button>
          )}
        </div>
      </div>
      <Notice text={notice} />
      <FormError message={error} />
      <p class="secret-row">
        <code data-testid="payment-link-url">{link.url}</code>{' '}
        <CopyButton text={link.url} label={t('checkout.copyUrl')} />
      </p>
      <QrImage payload={link.url} label={t('checkout.qrLabel')} testId="payment-link-qr" />
      <p class="muted small">
        {t('checkout.linkFacts', {
          offer: link.offerId,
          methods: link.paymentMethods
            ? link.paymentMethods
                .map((method) => methodNameOf({ currency: link.currency, method }, currentLanguage()))
                .join(', ')
            : t('checkout.everyMethod'),
          at: dateTime(link.createdAt),
        })}
      </p>
    </article>
  );
}

function PaymentLinks(props: { selected?: string | undefined }) {
  const paging = useCursors();
  const { page, error } = useListing<PaymentLink>('/v2/payment-links', { limit: 20, cursor: paging.cursor });
  return (
    <>
      <h2>{t('checkout.links')}</h2>
      <PagedTable
        testId="payment-links"
        caption={t('checkout.linksCaption')}
        columns={[
          { label: t('checkout.link') },
          { label: t('checkout.state') },
          { label: t('checkout.price'), number: true },
          { label: t('checkout.created') },
        ]}
        page={page}
        error={error}
        none={t('checkout.noLinks')}
        cardsOnPhone={false}
        cells={(link) => (
          <>
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
          </>
        )}
      />
      <Pager
        cursors={paging.cursors}
        nextCursor={page?.nextCursor}
        go={paging.setCursors}
        label={t('checkout.linkPages')}
      />
    </>
  );
}

function Sessions(props: { linkId: string | null; onShowAll: () => void }) {
  const paging = useCursors();
  const { setCursors } = paging;
  // Another link's sessions start from their first page.
  useEffect(() => setCursors([]), [props.linkId, setCursors]);
  const { page, error } = useListing<CheckoutSession>('/v2/checkout-sessions', {
    limit: 20,
    cursor: paging.cursor,
    paymentLinkId: props.linkId,
  });
  return (
    <>
      <div class="page-head">
        <h2>{props.linkId ? t('checkout.sessionsOf', { link: props.linkId }) : t('checkout.sessions')}</h2>
        {props.linkId ? (
          <button type="button" class="secondary small" onClick={props.onShowAll}>
            {t('checkout.showAll')}
          </button>
        ) : null}
      </div>
      <PagedTable
        testId="checkout-sessions"
        caption={t('checkout.sessionsCaption')}
        columns={[
          { label: t('checkout.session') },
          { label: t('checkout.status') },
          { label: t('checkout.amount'), number: true },
          { label: t('checkout.transaction') },
          { label: t('checkout.created') },
        ]}
        page={page}
        error={error}
        none={t('checkout.noSessions')}
        noneSoFar={t('checkout.noneSoFar')}
        cardsOnPhone={false}
        cells={(session) => (
          <>
            <td>
              {session.id}
              {session.paymentLinkId ? (
                <div class="muted small">{t('checkout.via', { link: session.paymentLinkId })}</div>
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
          </>
        )}
      />
      <Pager
        cursors={paging.cursors}
        nextCursor={page?.nextCursor}
        go={paging.setCursors}
        label={t('checkout.sessionPages')}
      />
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
      setNotice(t('checkout.detailsSaved'));
    } catch (caught) {
      setNotice(null);
      setErrors(errorsFrom(caught, ['responsibleDocument', 'responsibleExternalId']));
    }
  };
  return (
    <form class="card" onSubmit={submit} noValidate aria-labelledby="sale-settings-title">
      <h2 id="sale-settings-title">{t('checkout.details')}</h2>
      <p class="muted">{t('checkout.detailsHint')}</p>
      <Notice text={notice} />
      <Field id="sale-document" label={t('checkout.document')} error={errors.fields.responsibleDocument}>
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
        label={t('checkout.reference')}
        hint={t('checkout.referenceHint')}
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
        {t('checkout.saveDetails')}
      </button>
    </form>
  );
}
