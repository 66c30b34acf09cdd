// Sign in with a secret key that has manageAccount. The key is checked against the API and kept
// in sessionStorage only.
import { useState } from 'preact/hooks';
import { ApiError, api } from '../api.ts';
import { described, Field } from '../parts/form.tsx';
import { signIn } from '../session.ts';

export function SignInPage(props: { onSignedIn: () => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const account = await api<{ permissions: string[] }>('GET', '/v2/account', { key: key.trim() });
      if (!account.permissions.includes('manageAccount')) {
        setError('This key does not have the manageAccount permission.');
        return;
      }
      signIn(key.trim());
      props.onSignedIn();
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 401
          ? 'This key is not valid.'
          : (caught as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" class="sign-in">
      <h1>Sign in to the dashboard</h1>
      <p class="muted">
        Use a secret key with the <code>manageAccount</code> permission. It stays in this browser tab only and
        is forgotten when you sign out or close the tab.
      </p>
      <form onSubmit={submit} noValidate>
        <Field id="secret-key" label="Secret key" error={error}>
          <input
            id="secret-key"
            name="secret-key"
            type="password"
            autoComplete="off"
            spellcheck={false}
            required
            value={key}
            onInput={(event) => setKey((event.target as HTMLInputElement).value)}
            {...described('secret-key', error)}
          />
        </Field>
        <button type="submit" disabled={busy || !key.trim()}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
