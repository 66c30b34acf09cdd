// Home: the balance per currency (GET /v2/balance) and the account summary (GET
// /v2/account/summary) as charts per day of the account's time zone (the API's days).
import { useEffect, useMemo, useState } from 'preact/hooks';
import { type TransactionCounter, transactionCounters } from '../../../shared/accounts/summary-counters.ts';
import { daysFrom } from '../../../shared/time/zoned-days.ts';
import { api } from '../api.ts';
import { accountTimeZone, money, setAccountTimeZone } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { BalanceCard } from '../parts/balance-card.tsx';
import { Loading, Notice } from '../parts/bits.tsx';
import { DailyChart, type DailySeries } from '../parts/chart.tsx';
import { FormError } from '../parts/form.tsx';
import type { SaleSettings, AccountSummary as Summary, SummaryRow } from '../types.ts';

/** The zones offered: the Americas' (where the service sells) and UTC, plus the account's own. */
function zonesOffered(current: string): string[] {
  const all = Intl.supportedValuesOf('timeZone').filter((zone) => zone.startsWith('America/'));
  return [...new Set([current, 'UTC', ...all])].sort();
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
  const [zone, setZone] = useState(accountTimeZone());
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    api<Summary>('GET', `/v2/account/summary?days=${days}`)
      .then(setSummary)
      .catch((caught: Error) => setError(caught.message));
  }, [days, zone]);
  const changeZone = async (timeZone: string) => {
    try {
      const saved = await api<SaleSettings>('PUT', '/v2/account/settings', { body: { timeZone } });
      setAccountTimeZone(saved.timeZone);
      setZone(saved.timeZone);
      setNotice(t('home.timeZoneSaved', { zone: saved.timeZone }));
    } catch (caught) {
      setNotice((caught as Error).message);
    }
  };

  const charts = useMemo(() => {
    if (!summary) return null;
    const axis = daysFrom(summary.from, summary.to);
    const per = (pick: (row: SummaryRow) => number, currency?: string) =>
      axis.map((day) =>
        summary.data
          .filter((row) => row.day === day && (!currency || row.currency === currency))
          .reduce((sum, row) => sum + pick(row), 0),
      );
    const counts: DailySeries[] = transactionCounters.map((status) => ({
      label: t(`home.counter.${status}`),
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
          {
            label: t('home.counter.paid'),
            color: statusColors.paid,
            values: per((row) => row.paid.amount, currency),
          },
          {
            label: t('home.counter.created'),
            color: statusColors.created,
            values: per((row) => row.created.amount, currency),
          },
        ],
      })),
      failures: [
        {
          label: t('home.failedDeliveries'),
          color: '#cf222e',
          values: per((row) => row.deliveriesFailed.count),
        },
      ],
    };
  }, [summary]);

  return (
    <section>
      <div class="page-head">
        <h1>{t('nav.home')}</h1>
        <label class="inline">
          {t('home.period')}{' '}
          <select
            value={days}
            onChange={(event) => setDays(Number((event.target as HTMLSelectElement).value))}
          >
            {[7, 30, 90].map((period) => (
              <option key={period} value={period}>
                {t('home.lastDays', { days: period })}
              </option>
            ))}
          </select>
        </label>
        <label class="inline">
          {t('home.timeZone')}{' '}
          <select
            class="time-zone-select"
            data-testid="time-zone"
            value={zone}
            onChange={(event) => void changeZone((event.target as HTMLSelectElement).value)}
          >
            {zonesOffered(zone).map((name) => (
              <option key={name} value={name}>
                {name.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Notice text={notice} />
      <BalanceCard />
      <FormError message={error} />
      {!charts && !error ? <Loading /> : null}
      {charts ? (
        <>
          <ul class="totals" data-testid="totals">
            {charts.totals.length === 0 ? <li>{t('home.none')}</li> : null}
            {charts.totals.map((total) => (
              <li key={total.currency}>
                <span class="muted">{t('home.paidIn', { currency: total.currency })}</span>
                <strong>{money(total.paid, total.currency)}</strong>
                <span class="muted">{t('home.created', { count: total.created })}</span>
              </li>
            ))}
          </ul>
          <DailyChart title={t('home.perStatus')} days={charts.axis} series={charts.counts} />
          {charts.volumes.map((volume) => (
            <DailyChart
              key={volume.currency}
              title={t('home.volume', { currency: volume.currency })}
              days={charts.axis}
              series={volume.series}
              format={(value) => money(value, volume.currency)}
            />
          ))}
          <DailyChart title={t('home.failures')} days={charts.axis} series={charts.failures} />
        </>
      ) : null}
    </section>
  );
}
