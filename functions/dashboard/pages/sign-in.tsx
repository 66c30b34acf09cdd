// Sign in with a secret key that has manageAccount. The key is checked against the API and kept
// in sessionStorage only.
import { useState } from 'preact/hooks';
import { ApiError, api } from '../api.ts';
import { t } from '../i18n/i18n.ts';
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
        setError(t('signIn.noManageAccount'));
        return;
      }
      signIn(key.trim());
      props.onSignedIn();
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 401 ? t('signIn.invalid') : (caught as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" class="sign-in">
      <h1>{t('signIn.title')}</h1>
      <p class="muted">{t('signIn.intro')}</p>
      <form onSubmit={submit} noValidate>
        <Field id="secret-key" label={t('signIn.key')} error={error}>
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
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </button>
      </form>
    </main>
  );
}
