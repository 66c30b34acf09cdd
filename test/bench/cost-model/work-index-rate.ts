// Work-index writes per pending transaction per day: how fast a waiting transaction rewrites
// the sparse index, read off the counts as the slope between the quickest and the latest paid
// reported payments of a rail (the writes every transaction makes once, whenever it is paid,
// cancel out).
import type { ScenarioRow } from './cost-results.ts';

export function workIndexWritesPerPendingDay(
  rows: readonly ScenarioRow[],
): Array<{ rail: ScenarioRow['rail']; railLabel: string; perDay: number; between: string }> {
  const rails = [...new Set(rows.map((row) => row.rail))];
  return rails.flatMap((rail) => {
    const paid = rows
      .filter((row) => row.rail === rail && row.reportedAfterHours !== null)
      .sort((a, b) => a.reportedAfterHours! - b.reportedAfterHours!);
    const first = paid[0];
    const last = paid[paid.length - 1];
    if (!first || !last || last === first) return [];
    const days = (last.reportedAfterHours! - first.reportedAfterHours!) / 24;
    return [
      {
        rail,
        railLabel: first.railLabel,
        perDay: (last.perTransaction.workIndexWrites - first.perTransaction.workIndexWrites) / days,
        between: `${first.timeToPay} → ${last.timeToPay}`,
      },
    ];
  });
}
