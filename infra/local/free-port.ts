import { readdir, readFile, readlink } from 'node:fs/promises';
import { createServer } from 'node:net';

/** Asks the OS for a free loopback port (DynamoDB Local cannot bind port 0 itself). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Thrown by a `start` given to `onFreePort` when its server found the port taken. */
export class PortTakenError extends Error {
  constructor(port: number, detail = '') {
    super(`port ${port} was taken before the server could bind it${detail ? `: ${detail}` : ''}`);
    this.name = 'PortTakenError';
  }
}

/**
 * Starts a server that must be told its port on a free one. Between `freePort()` closing its
 * probe and the server binding, another process (several stacks start at once in the tests)
 * may take the port: then `start` throws `PortTakenError` and it is tried on a new port.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await start(port);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= attempts) throw error;
    }
  }
}

/**
 * Whether process `pid` holds the listening socket on `port` (Linux /proc); undefined where
 * that cannot be read. A server that lost its port to another one must not be taken as ready
 * because the other one answers.
 */
export async function listensOn(pid: number | undefined, port: number): Promise<boolean | undefined> {
  if (pid === undefined) return undefined;
  try {
    const portHex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
    const listening = new Set<string>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      const text = await readFile(table, 'utf8').catch(() => '');
      for (const line of text.split('\n').slice(1)) {
        const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
        // State 0A is LISTEN.
        if (local?.endsWith(portHex) && state === '0A' && inode) listening.add(`socket:[${inode}]`);
      }
    }
    const descriptors = await readdir(`/proc/${pid}/fd`);
    for (const fd of descriptors) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (listening.has(target)) return true;
    }
    return false;
  } catch {
    return undefined;
  }
}

export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs: number,
  intervalMs = 100,
  /** Errors that end the wait at once instead of being retried. */
  isFatal: (error: unknown) => boolean = () => false,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      if (isFatal(error)) throw error;
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(
    `${what} did not become ready within ${timeoutMs} ms${lastError ? `: ${(lastError as Error).message}` : ''}`,
  );
}
