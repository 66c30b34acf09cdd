// Counts the AWS requests the service makes, per command: the bench's own in-process gateway
// through SDK middleware on the client singletons its handlers use (a request is attributed to
// the async scope it was sent from), and the local stack's sandboxed functions (workers,
// schedules) as the stack sees their requests on the wire (`record`, in the background scope).
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import type { MiddlewareStack } from '@smithy/types';

export const requestScope = new AsyncLocalStorage<string>();

/** Where a request is counted when it was not sent from inside a named scope (workers, schedules). */
export const backgroundScope = 'background';

export interface CommandCount {
  /** `client.send` calls. */
  commands: number;
  /** HTTP attempts, retries included. */
  attempts: number;
  /** TransactWriteItems only: items written. */
  items: number;
  /** Time spent in `send`, retries included. */
  totalMs: number;
}

type Counts = Map<string, Map<string, CommandCount>>;

export class RequestCounter {
  private counts: Counts = new Map();

  private entry(scope: string, command: string): CommandCount {
    let byCommand = this.counts.get(scope);
    if (!byCommand) {
      byCommand = new Map();
      this.counts.set(scope, byCommand);
    }
    let count = byCommand.get(command);
    if (!count) {
      count = { commands: 0, attempts: 0, items: 0, totalMs: 0 };
      byCommand.set(command, count);
    }
    return count;
  }

  /** Adds the counting middleware to a client's stack (once per client). */
  install(service: string, stack: MiddlewareStack<any, any>): void {
    const name = `benchRequestCounter${service}`;
    if (stack.identify().some((entry) => entry.startsWith(name))) return;
    stack.add(
      (next: any, context: any) => async (args: any) => {
        const count = this.entry(
          requestScope.getStore() ?? backgroundScope,
          `${service}.${String(context.commandName ?? '?').replace(/Command$/, '')}`,
        );
        count.commands += 1;
        const items = args?.input?.TransactItems;
        if (Array.isArray(items)) count.items += items.length;
        const started = performance.now();
        try {
          return await next(args);
        } finally {
          count.totalMs += performance.now() - started;
        }
      },
      { step: 'initialize', priority: 'high', name: `${name}Commands` },
    );
    stack.add(
      (next: any, context: any) => async (args: any) => {
        this.entry(
          requestScope.getStore() ?? backgroundScope,
          `${service}.${String(context.commandName ?? '?').replace(/Command$/, '')}`,
        ).attempts += 1;
        return next(args);
      },
      { step: 'deserialize', priority: 'low', name: `${name}Attempts` },
    );
  }

  /**
   * Counts, as `command`, each HTTP request to the endpoint on `port` (an AWS API the service
   * signs itself, without an SDK client: Lambda's Invoke), in the scope it was sent from.
   */
  installHttp(command: string, port: number): void {
    const started = new WeakMap<ClientRequest, { scope: string; at: number }>();
    subscribe('http.client.request.start', (message) => {
      const { request } = message as { request: ClientRequest };
      if (!String(request.getHeader('host')).endsWith(`:${port}`)) return;
      started.set(request, { scope: requestScope.getStore() ?? backgroundScope, at: performance.now() });
    });
    subscribe('http.client.response.finish', (message) => {
      const { request } = message as { request: ClientRequest };
      const start = started.get(request);
      if (!start) return;
      started.delete(request);
      this.record(start.scope, command, { items: 0, elapsedMs: performance.now() - start.at });
    });
  }

  /** Counts a request seen on the wire (a sandboxed function's): one command, one attempt. */
  record(scope: string, command: string, observed: { items: number; elapsedMs: number }): void {
    const count = this.entry(scope, command);
    count.commands += 1;
    count.attempts += 1;
    count.items += observed.items;
    count.totalMs += observed.elapsedMs;
  }

  reset(): void {
    this.counts = new Map();
  }

  snapshot(scope: string): Record<string, CommandCount> {
    return Object.fromEntries(
      [...(this.counts.get(scope) ?? new Map())].map(([command, count]) => [command, { ...count }]),
    );
  }

  total(scope: string, service?: string): number {
    let total = 0;
    for (const [command, count] of this.counts.get(scope) ?? [])
      if (!service || command.startsWith(`${service}.`)) total += count.commands;
    return total;
  }
}

/** What was counted between two snapshots of one scope (commands that occurred only). */
export function difference(
  after: Record<string, CommandCount>,
  before: Record<string, CommandCount>,
): Record<string, CommandCount> {
  const changed: Record<string, CommandCount> = {};
  for (const [command, count] of Object.entries(after)) {
    const was = before[command] ?? { commands: 0, attempts: 0, items: 0, totalMs: 0 };
    if (count.commands > was.commands)
      changed[command] = {
        commands: count.commands - was.commands,
        attempts: count.attempts - was.attempts,
        items: count.items - was.items,
        totalMs: count.totalMs - was.totalMs,
      };
  }
  return changed;
}
