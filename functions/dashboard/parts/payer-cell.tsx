// Who paid, as a listing shows them: name, e-mail and the document masked but its last digits
// (masked here too, whatever the key's permission let the API show).
import { maskDocument } from '../../../shared/transactions/payer.ts';
import { t } from '../i18n/i18n.ts';
import type { Transaction } from '../types.ts';

export function PayerCell({ payer }: { payer: Transaction['payer'] | undefined }) {
  if (!payer) return <span class="muted">—</span>;
  return (
    <>
      {payer.name}
      <div class="muted small">{payer.email}</div>
      <div class="muted small">{maskDocument(payer.document)}</div>
    </>
  );
}

/** The payer's fields on a transaction's page. */
export function PayerFacts({ payer }: { payer: Transaction['payer'] | undefined }) {
  if (!payer) return null;
  return (
    <>
      <dt>{t('detail.payer')}</dt>
      <dd data-testid="transaction-payer">
        {payer.name}
        <div class="muted small">
          {payer.email}
          {payer.phone ? ` · ${payer.phone}` : ''}
        </div>
        <div class="muted small">{t('detail.payerDocument', { document: maskDocument(payer.document) })}</div>
      </dd>
    </>
  );
}
