// "Export CSV": the transactions the filters (and search) select, as a file.
import { useState } from 'preact/hooks';
import { downloadTransactionsExport } from '../export-file.ts';

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
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
      {error ? (
        <span class="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
