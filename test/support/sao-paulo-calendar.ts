// The São Paulo calendar, computed independently of shared/purchase/due-date.ts so tests do not
// check the service's date code against itself. São Paulo has kept UTC−03:00 all year since
// daylight saving time ended in 2019.
const saoPauloOffsetMs = -3 * 60 * 60 * 1000;

/** The calendar date (YYYY-MM-DD) in São Paulo at the instant `epochMs`. */
export function saoPauloDate(epochMs: number): string {
  return new Date(epochMs + saoPauloOffsetMs).toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days. */
export function plusDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The São Paulo dates a request may have seen, read just before it was sent and just after its
 * answer came: one date, or two when the request crossed midnight in São Paulo.
 */
export async function duringSaoPauloDays<T>(
  request: () => Promise<T>,
): Promise<{ result: T; days: (offset: number) => string[] }> {
  const before = Date.now();
  const result = await request();
  const after = Date.now();
  return {
    result,
    days: (offset) => [
      ...new Set([plusDays(saoPauloDate(before), offset), plusDays(saoPauloDate(after), offset)]),
    ],
  };
}
