// Small shared pieces: status badges, copy buttons, a secret shown once, a page's notice.
import { useState } from 'preact/hooks';
import { t } from '../i18n/i18n.ts';
import { en, type MessageId } from '../i18n/messages/en.ts';

/** What a status is called in the dashboard's language; the API's code where it has no word yet. */
export type StatusKind = 'transaction' | 'delivery' | 'subscription' | 'refund' | 'dispute';

export function statusWord(kind: StatusKind, status: string): string {
  const id = `status.${kind}.${status}`;
  return id in en ? t(id as MessageId) : status;
}

/** A status as a word; `kind` says whose (a PENDING delivery is retrying, a PENDING transaction waits). */
export function StatusBadge(props: { status: string; kind?: StatusKind }) {
  return (
    <span class={`badge badge-${props.status.toLowerCase()}`} data-status={props.status}>
      {props.kind ? statusWord(props.kind, props.status) : props.status}
    </span>
  );
}

export function CopyButton(props: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      class="secondary small"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(props.text);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          setCopied(false);
        }
      }}
    >
      {copied ? t('common.copied') : (props.label ?? t('common.copy'))}
    </button>
  );
}

export function ShownOnce(props: { title: string; value: string; testId: string; onDone: () => void }) {
  return (
    <div class="shown-once" role="status">
      <p>
        <strong>{props.title}</strong> {t('common.shownOnce')}
      </p>
      <p class="secret-row">
        <code data-testid={props.testId}>{props.value}</code> <CopyButton text={props.value} />
      </p>
      <button type="button" class="secondary small" onClick={props.onDone}>
        {t('common.done')}
      </button>
    </div>
  );
}

export function Loading() {
  return <p class="muted">{t('app.loading')}</p>;
}

/** The page's last message (an action's outcome or error), read out by screen readers. */
export function Notice(props: { text: string | null }) {
  if (!props.text) return null;
  return (
    <p class="notice" role="status">
      {props.text}
    </p>
  );
}
