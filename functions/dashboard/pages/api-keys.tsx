// API keys: list (never a secret), create (the secret shown once), revoke (with confirmation,
// and a warning on the key this dashboard is signed in with).
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Permission } from '../../../shared/permissions.ts';
import { api } from '../api.ts';
import { calendarDay, dateTime } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { Notice, ShownOnce } from '../parts/bits.tsx';
import { described, errorsFrom, Field, type FieldErrors, FormError, noErrors } from '../parts/form.tsx';
import { TableWrap } from '../parts/table-wrap.tsx';
import type { ApiKey } from '../types.ts';

/** Each permission of shared/permissions.ts in words (typed by it: a new one must be described). */
const permissionWords: Record<Permission, () => string> = {
  createTransaction: () => t('permission.createTransaction'),
  isInvoiceAvailable: () => t('permission.isInvoiceAvailable'),
  manageAccount: () => t('permission.manageAccount'),
};
const permissionWord = (name: string) => permissionWords[name as Permission]?.() ?? name;
const permissionNames = Object.keys(permissionWords);

export function ApiKeysPage() {
  const [keys, setKeys] = useState<ApiKey[]>([]);
  /** What the signed-in key holds, so may grant (the API refuses more). */
  const [grantable, setGrantable] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>(['createTransaction']);
  const [errors, setErrors] = useState<FieldErrors>(noErrors);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** The key this dashboard is signed in with: revoking it ends the session. */
  const [sessionKeyId, setSessionKeyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setKeys((await api<{ data: ApiKey[] }>('GET', '/v2/api-keys')).data);
    } catch (caught) {
      setNotice((caught as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    api<{ permissions: string[]; keyId: string }>('GET', '/v2/account')
      .then(({ permissions, keyId }) => {
        setSessionKeyId(keyId);
        setGrantable(permissions);
        setChosen((current) => current.filter((name) => permissions.includes(name)));
      })
      .catch((caught) => setNotice((caught as Error).message));
  }, []);

  const create = async (event: Event) => {
    event.preventDefault();
    try {
      const created = await api<ApiKey & { secret: string }>('POST', '/v2/api-keys', {
        body: { name, permissions: chosen },
      });
      setSecret(created.secret);
      setName('');
      setErrors(noErrors);
      await load();
    } catch (caught) {
      setErrors(errorsFrom(caught, ['name', 'permissions']));
    }
  };
  const revoke = async (id: string) => {
    try {
      await api('DELETE', `/v2/api-keys/${id}`);
      setConfirming(null);
      setNotice(t('keys.revokedNotice'));
      await load();
    } catch (caught) {
      setNotice((caught as Error).message);
    }
  };

  return (
    <section>
      <h1>{t('keys.title')}</h1>
      <Notice text={notice} />
      <TableWrap caption={t('keys.caption')} testId="api-keys">
        <thead>
          <tr>
            <th scope="col">{t('keys.name')}</th>
            <th scope="col">{t('keys.permissions')}</th>
            <th scope="col">{t('keys.created')}</th>
            <th scope="col">{t('keys.lastUsed')}</th>
            <th scope="col">
              <span class="sr-only">{t('common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} data-key-id={key.id}>
              <td>
                {key.name ?? <span class="muted">{t('keys.noName')}</span>}
                <div class="muted small">
                  {key.id}
                  {key.id === sessionKeyId ? ` · ${t('keys.thisKey')}` : ''}
                </div>
              </td>
              <td>
                <ul class="plain">
                  {key.permissions.map((permission) => (
                    <li key={permission} title={permission}>
                      {permissionWord(permission)}
                    </li>
                  ))}
                </ul>
              </td>
              <td>{dateTime(key.createdAt)}</td>
              <td>{key.lastUsedOn ? calendarDay(key.lastUsedOn) : t('common.never')}</td>
              <td>
                {key.revokedAt ? (
                  <span class="badge badge-revoked">{t('keys.revoked')}</span>
                ) : confirming === key.id ? (
                  <span class="confirm">
                    {key.id === sessionKeyId ? (
                      <span class="warning" role="alert" data-testid="revoke-session-key">
                        {t('keys.inUse')}
                      </span>
                    ) : null}
                    <button type="button" class="danger small" onClick={() => revoke(key.id)}>
                      {t('keys.confirmRevoke')}
                    </button>{' '}
                    <button type="button" class="secondary small" onClick={() => setConfirming(null)}>
                      {t('keys.keep')}
                    </button>
                  </span>
                ) : (
                  <button
                    type="button"
                    class="secondary small"
                    aria-label={t('keys.revokeLabel', { name: key.name ?? key.id })}
                    onClick={() => setConfirming(key.id)}
                  >
                    {t('keys.revoke')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </TableWrap>

      <form class="card" onSubmit={create} noValidate aria-labelledby="new-key-title">
        <h2 id="new-key-title">{t('keys.new')}</h2>
        {secret ? (
          <ShownOnce
            title={t('keys.newSecret')}
            value={secret}
            testId="new-api-key"
            onDone={() => setSecret(null)}
          />
        ) : null}
        <Field id="key-name" label={t('keys.name')} error={errors.fields.name}>
          <input
            id="key-name"
            value={name}
            onInput={(event) => setName((event.target as HTMLInputElement).value)}
            {...described('key-name', errors.fields.name)}
          />
        </Field>
        <fieldset class={errors.fields.permissions ? 'has-error' : ''}>
          <legend>{t('keys.permissions')}</legend>
          <p class="hint">{t('keys.grantHint')}</p>
          {permissionNames
            .filter((permission) => grantable.includes(permission))
            .map((permission) => (
              <label class="check" key={permission}>
                <input
                  type="checkbox"
                  name="permissions"
                  value={permission}
                  checked={chosen.includes(permission)}
                  onChange={(event) =>
                    setChosen(
                      (event.target as HTMLInputElement).checked
                        ? [...chosen, permission]
                        : chosen.filter((name) => name !== permission),
                    )
                  }
                />
                {permissionWord(permission)} <code class="muted small">{permission}</code>
              </label>
            ))}
          {errors.fields.permissions ? (
            <p class="field-error" role="alert">
              {errors.fields.permissions}
            </p>
          ) : null}
        </fieldset>
        <FormError message={errors.form} />
        <button type="submit">{t('keys.create')}</button>
      </form>
    </section>
  );
}
