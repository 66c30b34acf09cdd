// Home: the balance per currency (GET /v2/balance) and the account summary (GET
// /v2/account/summary) as charts per day.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { type TransactionCounter, transactionCounters } from '../../../shared/accounts/summary-counters.ts';
import { api } from '../api.ts';
import { money } from '../format.ts';
import { BalanceCard } from '../parts/balance-card.tsx';
import { Loading } from '../parts/bits.tsx';
import { DailyChart, type DailySeries } from '../parts/chart.tsx';
import type { AccountSummary as Summary, SummaryRow } from '../types.ts';

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

const statusColors: Record<TransactionCounter, string> = {
  created: '#1f5fbf',
  paid: '#1a7f37',
  expired: '#9a6700',
  canceled: '#6e7781',
};

export function HomePage() {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [days, setDays] = useState(30);
  useEffect(() => {
    api<Summary>('GET', `/v2/account/summary?days=${days}`)
      .then(setSummary)
      .catch((caught: Error) => setError(caught.message));
  }, [days]);

  const charts = useMemo(() => {
    if (!summary) return null;
    const axis = daysBetween(summary.from, summary.to);
    const per = (pick: (row: SummaryRow) => number, currency?: string) =>
      axis.map((day) =>
        summary.data
          .filter((row) => row.day === day && (!currency || row.currency === currency))
          .reduce((sum, row) => sum + pick(row), 0),
      );
    const counts: DailySeries[] = transactionCounters.map((status) => ({
      label: status[0]!.toUpperCase() + status.slice(1),
      color: statusColors[status],
      values: per((row) => row[status].count),
    }));
    const currencies = [...new Set(summary.data.map((row) => row.currency))].sort();
    const totals = currencies.map((currency) => ({
      currency,
      paid: summary.data
        .filter((row) => row.currency === currency)
        .reduce((sum, row) => sum + row.paid.amount, 0),
      created: summary.data
        .filter((row) => row.currency === currency)
        .reduce((sum, row) => sum + row.created.count, 0),
    }));
    return {
      axis,
      counts,
      totals,
      volumes: currencies.map((currency) => ({
        currency,
        series: [
          { label: 'Paid', color: statusColors.paid, values: per((row) => row.paid.amount, currency) },
          {
            label: 'Created',
            color: statusColors.created,
            values: per((row) => row.created.amount, currency),
          },
        ],
      })),
      failures: [
        { label: 'Failed deliveries', color: '#cf222e', values: per((row) => row.deliveriesFailed.count) },
      ],
    };
  }, [summary]);

  return (
    <section>
      <div class="page-head">
        <h1>Home</h1>
        <label class="inline">
          Period{' '}
          <select
            value={days}
            onChange={(event) => setDays(Number((event.target as HTMLSelectElement).value))}
          >
            <option value={7}>Last 7 days</option>
            <option value={30}>Last 30 days</option>
            <option value={90}>Last 90 days</option>
          </select>
        </label>
      </div>
      <BalanceCard />
      {error ? (
        <p class="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {!charts && !error ? <Loading /> : null}
      {charts ? (
        <>
          <ul class="totals" data-testid="totals">
            {charts.totals.length === 0 ? <li>No transactions in this period yet.</li> : null}
            {charts.totals.map((total) => (
              <li key={total.currency}>
                <span class="muted">Paid in {total.currency}</span>
                <strong>{money(total.paid, total.currency)}</strong>
                <span class="muted">{total.created} created</span>
              </li>
            ))}
          </ul>
          <DailyChart title="Transactions per day by status" days={charts.axis} series={charts.counts} />
          {charts.volumes.map((volume) => (
            <DailyChart
              key={volume.currency}
              title={`Volume per day (${volume.currency})`}
              days={charts.axis}
              series={volume.series}
              format={(value) => money(value, volume.currency)}
            />
          ))}
          <DailyChart title="Failed webhook deliveries per day" days={charts.axis} series={charts.failures} />
        </>
      ) : null}
    </section>
  );
}
