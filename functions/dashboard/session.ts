// The signed-in secret key lives in sessionStorage only: never in a URL, a cookie or a log.
// It goes away when the tab closes, on sign-out, and on any 401.
const storageKey = 'dashboard.secretKey';

export function currentKey(): string | null {
  return sessionStorage.getItem(storageKey);
}

export function signIn(key: string): void {
  sessionStorage.setItem(storageKey, key);
}

export function signOut(): void {
  sessionStorage.removeItem(storageKey);
  window.dispatchEvent(new Event('dashboard:signed-out'));
}
