// Small shared pieces: status badges, copy buttons, a secret shown once, a page's notice.
import { useState } from 'preact/hooks';

export function StatusBadge(props: { status: string }) {
  return <span class={`badge badge-${props.status.toLowerCase()}`}>{props.status}</span>;
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
      {copied ? 'Copied' : (props.label ?? 'Copy')}
    </button>
  );
}

export function ShownOnce(props: { title: string; value: string; testId: string; onDone: () => void }) {
  return (
    <div class="shown-once" role="status">
      <p>
        <strong>{props.title}</strong> It is shown only now: copy it and keep it safe.
      </p>
      <p class="secret-row">
        <code data-testid={props.testId}>{props.value}</code> <CopyButton text={props.value} />
      </p>
      <button type="button" class="secondary small" onClick={props.onDone}>
        Done
      </button>
    </div>
  );
}

export function Loading() {
  return <p class="muted">Loading…</p>;
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
