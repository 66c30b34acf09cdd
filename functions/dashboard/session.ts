// The signed-in secret key lives in sessionStorage only: never in a URL, a cookie, localStorage
// or a log. It goes away on sign-out (in every tab), on any 401 and when the browser's tabs of
// the dashboard close. A new tab of the same browser asks the open tabs for it over a
// BroadcastChannel (same origin only, nothing stored), so a link opened in a new tab stays
// signed in for the session.
const storageKey = 'dashboard.secretKey';
const channelName = 'dashboard.session';

type SessionMessage = { kind: 'ask' } | { kind: 'key'; key: string } | { kind: 'signed-out' };

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);

export function currentKey(): string | null {
  return sessionStorage.getItem(storageKey);
}

export function signIn(key: string): void {
  sessionStorage.setItem(storageKey, key);
}

function forget(): void {
  sessionStorage.removeItem(storageKey);
  window.dispatchEvent(new Event('dashboard:signed-out'));
}

export function signOut(): void {
  forget();
  channel?.postMessage({ kind: 'signed-out' } satisfies SessionMessage);
}

channel?.addEventListener('message', (event: MessageEvent<SessionMessage>) => {
  const message = event.data;
  if (message.kind === 'ask') {
    const key = currentKey();
    if (key) channel.postMessage({ kind: 'key', key } satisfies SessionMessage);
  } else if (message.kind === 'signed-out' && currentKey()) forget();
});

/** The key of an open tab, if one answers within `waitMs` (a tab without one stays signed out). */
export function askOpenTabs(waitMs = 300): Promise<string | null> {
  if (!channel || currentKey()) return Promise.resolve(currentKey());
  return new Promise((resolve) => {
    const onKey = (event: MessageEvent<SessionMessage>) => {
      if (event.data.kind !== 'key') return;
      done(event.data.key);
    };
    const done = (key: string | null) => {
      clearTimeout(timer);
      channel.removeEventListener('message', onKey);
      if (key) signIn(key);
      resolve(key);
    };
    const timer = setTimeout(() => done(null), waitMs);
    channel.addEventListener('message', onKey);
    channel.postMessage({ kind: 'ask' } satisfies SessionMessage);
  });
}
