// Calendar days in an account's time zone (IANA name, e.g. America/Sao_Paulo): which day an
// instant falls on there, and the UTC instants a day there starts and ends. A Brazilian sale at
// 22:00 belongs to that day in São Paulo, not to the next UTC day. Pure: Intl does the zone rules
// (offsets and daylight saving), no table of our own.
export const defaultTimeZone = 'America/Sao_Paulo';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows the zone (IANA names only; offsets such as "+03:00" are refused). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    dayFormat(zone);
    return true;
  } catch {
    return false;
  }
}

function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    dayFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayIn(instant: Date | string, timeZone: string): string {
  const at = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(wallClock(at, timeZone)).toISOString().slice(0, 10);
}

/** The first instant of `day` in the zone (midnight there, or the first minute after a gap). */
export function dayStart(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at a first guess, then at the instant that guess gives: two steps settle
  // it even on a day whose offset changes.
  let instant = midnight - (wallClock(midnight, timeZone) - midnight);
  instant = midnight - (wallClock(instant, timeZone) - instant);
  // A zone that skips midnight (daylight saving starting at 00:00) starts the day later.
  while (dayIn(new Date(instant), timeZone) < day) instant += 15 * 60_000;
  return new Date(instant);
}

export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The UTC instants a range of days in the zone covers: [start of `from`, end of `to`]. */
export function dayRange(
  from: string | null,
  to: string | null,
  timeZone: string,
): { from: string | null; to: string | null } {
  return {
    from: from ? dayStart(from, timeZone).toISOString() : null,
    to: to ? new Date(dayStart(nextDay(to), timeZone).getTime() - 1).toISOString() : null,
  };
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}
