// API keys: list (never a secret), create (the secret shown once), revoke (with confirmation).
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Permission } from '../../../shared/permissions.ts';
import { api } from '../api.ts';
import { dateTime } from '../format.ts';
import { Notice, ShownOnce } from '../parts/bits.tsx';
import { described, errorsFrom, Field, type FieldErrors, FormError, noErrors } from '../parts/form.tsx';
import type { ApiKey } from '../types.ts';

/** What each permission of shared/permissions.ts lets a key do (typed by it: a new one must be described). */
const permissionLabels: Record<Permission, string> = {
  createTransaction: 'createTransaction: purchases and transactions',
  isInvoiceAvailable: 'isInvoiceAvailable: products and offers',
  manageAccount: 'manageAccount: this dashboard and account settings',
};
const permissionNames = Object.entries(permissionLabels).map(([name, label]) => ({ name, label }));

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

  const load = useCallback(async () => {
    try {
      setKeys((await api<{ data: ApiKey[] }>('GET', '/v2/api-keys')).data);
    } catch (caught) {
      setNotice((caught as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    api<{ permissions: string[] }>('GET', '/v2/account')
      .then(({ permissions }) => {
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
      setNotice('Key revoked. It stops working within a few seconds.');
      await load();
    } catch (caught) {
      setNotice((caught as Error).message);
    }
  };

  return (
    <section>
      <h1>API keys</h1>
      <Notice text={notice} />
      <div class="table-wrap">
        <table data-testid="api-keys">
          <caption class="sr-only">API keys of this account</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Permissions</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span class="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id} data-key-id={key.id}>
                <td>
                  {key.name ?? <span class="muted">(no name)</span>}
                  <div class="muted small">{key.id}</div>
                </td>
                <td>{key.permissions.join(', ')}</td>
                <td>{dateTime(key.createdAt)}</td>
                <td>{key.lastUsedOn ?? 'Never'}</td>
                <td>
                  {key.revokedAt ? (
                    <span class="badge badge-revoked">Revoked</span>
                  ) : confirming === key.id ? (
                    <span class="confirm">
                      <button type="button" class="danger small" onClick={() => revoke(key.id)}>
                        Confirm revoke
                      </button>{' '}
                      <button type="button" class="secondary small" onClick={() => setConfirming(null)}>
                        Keep
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      class="secondary small"
                      aria-label={`Revoke ${key.name ?? key.id}`}
                      onClick={() => setConfirming(key.id)}
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <form class="card" onSubmit={create} noValidate aria-labelledby="new-key-title">
        <h2 id="new-key-title">New key</h2>
        {secret ? (
          <ShownOnce
            title="New secret key."
            value={secret}
            testId="new-api-key"
            onDone={() => setSecret(null)}
          />
        ) : null}
        <Field id="key-name" label="Name" error={errors.fields.name}>
          <input
            id="key-name"
            value={name}
            onInput={(event) => setName((event.target as HTMLInputElement).value)}
            {...described('key-name', errors.fields.name)}
          />
        </Field>
        <fieldset class={errors.fields.permissions ? 'has-error' : ''}>
          <legend>Permissions</legend>
          <p class="hint">A key can grant only the permissions it holds itself.</p>
          {permissionNames
            .filter((permission) => grantable.includes(permission.name))
            .map((permission) => (
              <label class="check" key={permission.name}>
                <input
                  type="checkbox"
                  name="permissions"
                  value={permission.name}
                  checked={chosen.includes(permission.name)}
                  onChange={(event) =>
                    setChosen(
                      (event.target as HTMLInputElement).checked
                        ? [...chosen, permission.name]
                        : chosen.filter((name) => name !== permission.name),
                    )
                  }
                />
                {permission.label}
              </label>
            ))}
          {errors.fields.permissions ? (
            <p class="field-error" role="alert">
              {errors.fields.permissions}
            </p>
          ) : null}
        </fieldset>
        <FormError message={errors.form} />
        <button type="submit">Create key</button>
      </form>
    </section>
  );
}
