// Structured JSON logs, one line per entry, carrying the request id of the work in progress.
// Callers pass fields, never whole bodies: secrets and documents stay out of the logs.
import { AsyncLocalStorage } from 'node:async_hooks';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const context = new AsyncLocalStorage<Record<string, unknown>>();

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? 'info').toLowerCase();
  return level === 'silent' ? Infinity : (order[level as Level] ?? order.info);
}

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  if (order[level] < threshold()) return;
  const entry = { level, time: new Date().toISOString(), message, ...context.getStore(), ...fields };
  const line = JSON.stringify(entry, (_key, value) =>
    value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value,
  );
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/** Runs `work` with `fields` (request id, account id…) added to every log line it writes. */
export function withLogContext<T>(fields: Record<string, unknown>, work: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, work);
}

export function addLogContext(fields: Record<string, unknown>): void {
  const store = context.getStore();
  if (store) Object.assign(store, fields);
}
