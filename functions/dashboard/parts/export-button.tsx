// "Export CSV": the transactions the filters (and search) select, as a file.
import { useState } from 'preact/hooks';
import { downloadTransactionsExport } from '../export-file.ts';
import { t } from '../i18n/i18n.ts';

export function ExportButton({ search }: { search: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <span class="export">
      <button
        type="button"
        class="secondary"
        disabled={busy}
        aria-busy={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await downloadTransactionsExport(search);
          } catch (failure) {
            setError((failure as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? t('transactions.exporting') : t('transactions.export')}
      </button>
      {error ? (
        <span class="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
