// Home's balance card: GET /v2/balance, one row per currency (available, pending refunds,
// refunded, disputed).
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { money } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import type { Balance } from '../types.ts';
import { FormError } from './form.tsx';
import { TableWrap } from './table-wrap.tsx';

export function BalanceCard() {
  const [balances, setBalances] = useState<Balance[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ data: Balance[] }>('GET', '/v2/balance')
      .then((answer) => setBalances(answer.data))
      .catch((caught: Error) => setError(caught.message));
  }, []);
  return (
    <section class="card" aria-labelledby="balance-title" data-testid="balance">
      <h2 id="balance-title">{t('balance.title')}</h2>
      <FormError message={error} />
      {balances ? (
        <TableWrap caption={t('balance.caption')}>
          <thead>
            <tr>
              <th scope="col">{t('balance.currency')}</th>
              <th scope="col" class="number">
                {t('balance.available')}
              </th>
              <th scope="col" class="number">
                {t('balance.pending')}
              </th>
              <th scope="col" class="number">
                {t('balance.refunded')}
              </th>
              <th scope="col" class="number">
                {t('balance.disputed')}
              </th>
            </tr>
          </thead>
          <tbody>
            {balances.map((balance) => (
              <tr key={balance.currency} data-testid="balance-row" data-currency={balance.currency}>
                <th scope="row">{balance.currency}</th>
                <td class="number" data-field="available">
                  {money(balance.available, balance.currency)}
                </td>
                <td class="number" data-field="pending">
                  {money(balance.pending, balance.currency)}
                </td>
                <td class="number" data-field="refunded">
                  {money(balance.refunded, balance.currency)}
                </td>
                <td class="number" data-field="disputed">
                  {money(balance.disputed, balance.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </TableWrap>
      ) : null}
    </section>
  );
}
