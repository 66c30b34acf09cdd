// Webhooks: the global URL, the opt-in event types (from the event catalogue), a test event with
// its result, secret rotation (asked first, then shown once), ending
// a rotation's overlap early, and the recent deliveries with failures first. The recent
// deliveries refresh live; the failures (a filtered listing) are read on opening the page and
// after a redelivery. Event types show as the catalogue's words; a retrying event shows its next
// attempt and can be redelivered now.
import { useEffect, useState } from 'preact/hooks';
import { type OptInEventType, optInEventTypeNames } from '../../../shared/events/event-types.ts';
import { api } from '../api.ts';
import { dateTime } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { useListing } from '../listing.ts';
import { Notice, ShownOnce, StatusBadge } from '../parts/bits.tsx';
import { described, errorsFrom, Field, type FieldErrors, FormError, noErrors } from '../parts/form.tsx';
import { TableWrap } from '../parts/table-wrap.tsx';
import type { EventSummary, TestDeliveryView as TestResult, WebhookSettings } from '../types.ts';
import { eventTypeWord } from '../words.ts';

export function WebhooksPage() {
  const [settings, setSettings] = useState<WebhookSettings | null>(null);
  const [url, setUrl] = useState('');
  const [optIn, setOptIn] = useState<OptInEventType[]>([]);
  const [errors, setErrors] = useState<FieldErrors>(noErrors);
  const [notice, setNotice] = useState<string | null>(null);
  const [test, setTest] = useState<TestResult | null>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const failed = useListing<EventSummary>('/events', { deliveryStatus: 'FAILED', limit: 20 });
  const recent = useListing<EventSummary>('/events', { limit: 20 });
  // Failures first; an event in both shows as the live listing last saw it.
  const latest = new Map((recent.page?.data ?? []).map((event) => [event.id, event]));
  const failedIds = new Set((failed.page?.data ?? []).map((event) => event.id));
  const deliveries = [
    ...(failed.page?.data ?? []).map((event) => latest.get(event.id) ?? event),
    ...(recent.page?.data ?? []).filter((event) => !failedIds.has(event.id)),
  ];

  useEffect(() => {
    api<WebhookSettings>('GET', '/v2/account/webhook')
      .then((loaded) => {
        setSettings(loaded);
        setUrl(loaded.url ?? '');
        setOptIn(loaded.optInEventTypes);
      })
      .catch((caught: Error) => setErrors({ fields: {}, form: caught.message }));
  }, []);

  const save = async (event: Event) => {
    event.preventDefault();
    try {
      const saved = await api<WebhookSettings>('PUT', '/v2/account/webhook', {
        body: { url: url.trim() || null },
      });
      setSettings(saved);
      setErrors(noErrors);
      setNotice(t('webhooks.urlSaved'));
    } catch (caught) {
      setErrors(errorsFrom(caught, ['url']));
    }
  };
  const saveOptIn = async (event: Event) => {
    event.preventDefault();
    try {
      const saved = await api<WebhookSettings>('PUT', '/v2/account/webhook', {
        body: { optInEventTypes: optIn },
      });
      setSettings(saved);
      setOptIn(saved.optInEventTypes);
      setNotice(t('webhooks.typesSaved'));
    } catch (caught) {
      setNotice((caught as Error).message);
    }
  };
  const sendTest = async () => {
    setBusy(true);
    setTestError(null);
    try {
      setTest(await api<TestResult>('POST', '/v2/account/webhook/test'));
    } catch (caught) {
      setTest(null);
      setTestError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const rotate = async () => {
    setConfirmRotate(false);
    setBusy(true);
    try {
      const rotated = await api<{ secret: string }>('POST', '/v2/account/webhook/rotate-secret');
      setSecret(rotated.secret);
      setSettings(await api<WebhookSettings>('GET', '/v2/account/webhook'));
    } catch (caught) {
      setNotice((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const expirePrevious = async () => {
    setBusy(true);
    try {
      setSettings(await api<WebhookSettings>('POST', '/v2/account/webhook/expire-previous-secrets'));
      setNotice(t('webhooks.onlyCurrent'));
    } catch (caught) {
      setNotice((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const redeliver = async (id: string) => {
    try {
      await api('POST', `/events/${id}/redeliver`);
      setNotice(t('detail.redelivered'));
      await Promise.all([failed.reload(), recent.reload()]);
    } catch (caught) {
      setNotice((caught as Error).message);
    }
  };

  return (
    <section>
      <h1>{t('webhooks.title')}</h1>
      <Notice text={notice} />
      <form class="card" onSubmit={save} noValidate aria-labelledby="webhook-url-title">
        <h2 id="webhook-url-title">{t('webhooks.endpoint')}</h2>
        <Field
          id="webhook-url"
          label={t('webhooks.url')}
          error={errors.fields.url}
          hint={t('webhooks.urlHint')}
        >
          <input
            id="webhook-url"
            disabled={!settings}
            type="url"
            inputMode="url"
            value={url}
            placeholder="https://example.com/webhooks"
            onInput={(event) => setUrl((event.target as HTMLInputElement).value)}
            {...described('webhook-url', errors.fields.url)}
          />
        </Field>
        <FormError message={errors.form} />
        <button type="submit">{t('webhooks.saveUrl')}</button>{' '}
        <button type="button" class="secondary" disabled={busy || !settings?.url} onClick={sendTest}>
          {t('webhooks.sendTest')}
        </button>
        {test ? (
          <p class={test.delivered ? 'notice' : 'form-error'} role="status" data-testid="test-result">
            {t(test.delivered ? 'webhooks.testDelivered' : 'webhooks.testNotDelivered', {
              result: test.error ?? `HTTP ${test.statusCode}`,
              ms: test.durationMs,
            })}
          </p>
        ) : null}
        <FormError message={testError} />
      </form>

      {optInEventTypeNames.length ? (
        <form class="card" onSubmit={saveOptIn} aria-labelledby="opt-in-title">
          <h2 id="opt-in-title">{t('webhooks.optional')}</h2>
          <fieldset disabled={!settings}>
            <legend>{t('webhooks.alsoSend')}</legend>
            <p class="hint">{t('webhooks.optionalHint')}</p>
            {optInEventTypeNames.map((type) => (
              <label class="check" key={type}>
                <input
                  type="checkbox"
                  name="optInEventTypes"
                  value={type}
                  checked={optIn.includes(type)}
                  onChange={(event) =>
                    setOptIn(
                      (event.target as HTMLInputElement).checked
                        ? [...optIn, type]
                        : optIn.filter((chosen) => chosen !== type),
                    )
                  }
                />
                {eventTypeWord(type)} <code class="muted small">{type}</code>
              </label>
            ))}
          </fieldset>
          <button type="submit">{t('webhooks.saveTypes')}</button>
        </form>
      ) : null}

      <div class="card">
        <h2>{t('webhooks.secret')}</h2>
        <p class="muted">{t('webhooks.secretHint')}</p>
        <ul>
          {(settings?.secrets ?? []).map((entry) => (
            <li key={entry.createdAt}>
              {t('webhooks.secretCreated', { at: dateTime(entry.createdAt) })}
              {entry.expiresAt
                ? t('webhooks.secretStops', { at: dateTime(entry.expiresAt) })
                : t('webhooks.secretCurrent')}
            </li>
          ))}
        </ul>
        {secret ? (
          <ShownOnce
            title={t('webhooks.newSecret')}
            value={secret}
            testId="new-webhook-secret"
            onDone={() => setSecret(null)}
          />
        ) : confirmRotate ? (
          <div class="danger-zone">
            <p id="rotate-question">{t('webhooks.rotateConfirm')}</p>
            <button type="button" class="danger" disabled={busy} onClick={rotate}>
              {t('webhooks.rotateYes')}
            </button>{' '}
            <button type="button" class="secondary" onClick={() => setConfirmRotate(false)}>
              {t('webhooks.rotateKeep')}
            </button>
          </div>
        ) : (
          <button type="button" class="secondary" disabled={busy} onClick={() => setConfirmRotate(true)}>
            {t('webhooks.rotate')}
          </button>
        )}{' '}
        {(settings?.secrets.length ?? 0) > 1 ? (
          <button type="button" class="secondary" disabled={busy} onClick={expirePrevious}>
            {t('webhooks.stopPrevious')}
          </button>
        ) : null}
      </div>

      <h2>{t('webhooks.recent')}</h2>
      <TableWrap caption={t('webhooks.recentCaption')} testId="deliveries">
        <thead>
          <tr>
            <th scope="col">{t('webhooks.event')}</th>
            <th scope="col">{t('webhooks.status')}</th>
            <th scope="col">{t('webhooks.lastAttempt')}</th>
            <th scope="col">{t('webhooks.transaction')}</th>
            <th scope="col">
              <span class="sr-only">{t('common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.length === 0 ? (
            <tr>
              <td colSpan={5}>{t('webhooks.none')}</td>
            </tr>
          ) : null}
          {deliveries.map((event) => (
            <tr key={event.id} data-id={event.id} data-status={event.deliveryStatus}>
              <td data-type={event.type}>
                {eventTypeWord(event.type)}
                <div class="muted small">{dateTime(event.createdAt)}</div>
              </td>
              <td>
                <StatusBadge status={event.deliveryStatus} kind="delivery" />
                {event.nextAttemptAt ? (
                  <div class="small" data-testid="next-attempt">
                    {t('detail.nextAttempt', { at: dateTime(event.nextAttemptAt) })}
                  </div>
                ) : null}
              </td>
              <td>
                {event.lastAttempt
                  ? t('webhooks.attempt', {
                      result: event.lastAttempt.error ?? `HTTP ${event.lastAttempt.statusCode}`,
                      number: event.lastAttempt.number,
                    })
                  : (event.lastError ?? '—')}
              </td>
              <td>
                <a href={`#/transactions/${event.transactionId}`}>{event.transactionId}</a>
              </td>
              <td>
                {/* A run under way without a retry waiting (its first attempt) cannot be restarted. */}
                {event.deliveryStatus !== 'PENDING' || event.nextAttemptAt ? (
                  <button type="button" class="secondary small" onClick={() => redeliver(event.id)}>
                    {event.nextAttemptAt ? t('detail.redeliverNow') : t('detail.redeliver')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </TableWrap>
    </section>
  );
}
