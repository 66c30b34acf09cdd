// The local stack's function host: each function has its own sandbox with exactly its own
// environment, as on Lambda. Nothing leaks from the host process or from another function.
import { afterAll, describe, expect, it } from 'vitest';
import { type HostedFunction, startFunctionHost } from '../../infra/local/function-host.ts';

const entry = 'test/support/environment-probe-handler.ts';
const host = startFunctionHost(
  new Map<string, HostedFunction>([
    ['first', { name: 'first', entry, environment: { TABLE_NAME: 'first-table' } }],
    ['second', { name: 'second', entry, environment: { QUEUE_URL_WATCH_PAYMENT: 'http://queue' } }],
  ]),
);
afterAll(() => host.stop());

type Probe = { value: string; invocations: number };

describe('function host', () => {
  it('gives each function exactly its environment: a variable it was not given fails as on Lambda', async () => {
    process.env.ONLY_IN_THE_HOST = 'leak';
    expect(await host.invoke<Probe>('first', { variable: 'TABLE_NAME' }, 1000)).toMatchObject({
      value: 'first-table',
    });
    await expect(host.invoke('second', { variable: 'TABLE_NAME' }, 1000)).rejects.toThrow(
      'missing required environment variable TABLE_NAME',
    );
    await expect(host.invoke('first', { variable: 'ONLY_IN_THE_HOST' }, 1000)).rejects.toThrow(
      'missing required environment variable ONLY_IN_THE_HOST',
    );
  });

  it('keeps each sandbox warm and its module state its own', async () => {
    const before = (await host.invoke<Probe>('first', { variable: 'TABLE_NAME' }, 1000)).invocations;
    const after = (await host.invoke<Probe>('first', { variable: 'TABLE_NAME' }, 1000)).invocations;
    expect(after).toBe(before + 1);
    const other = await host.invoke<Probe>('second', { variable: 'QUEUE_URL_WATCH_PAYMENT' }, 1000);
    expect(other.invocations).toBeLessThan(after);
    expect(host.started().sort()).toEqual(['first', 'second']);
  });
});
