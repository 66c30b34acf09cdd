// Starting a server on a port asked of the OS races with every other process asking at the
// same moment: a start that finds its port taken is retried on a new one, and a listener is
// recognised as ours only when this process holds the socket.
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { listensOn, onFreePort, PortTakenError } from '../../infra/local/free-port.ts';

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

function listen(port = 0): Promise<number> {
  const server = createServer();
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

describe('onFreePort', () => {
  it('tries again on a new port when the first was taken before the server bound it', async () => {
    const tried: number[] = [];
    const started = await onFreePort(async (port) => {
      tried.push(port);
      if (tried.length === 1) throw new PortTakenError(port);
      return `started on ${port}`;
    });
    expect(tried).toHaveLength(2);
    expect(started).toBe(`started on ${tried[1]}`);
  });

  it('does not retry other failures, and gives up after its attempts', async () => {
    await expect(onFreePort(() => Promise.reject(new Error('java missing')))).rejects.toThrow('java missing');
    let attempts = 0;
    await expect(
      onFreePort((port) => {
        attempts++;
        return Promise.reject(new PortTakenError(port));
      }, 3),
    ).rejects.toBeInstanceOf(PortTakenError);
    expect(attempts).toBe(3);
  });
});

describe('listensOn', () => {
  it('tells this process’s listening socket from a port it does not hold', async () => {
    const port = await listen();
    const expected = process.platform === 'linux' ? true : undefined;
    expect(await listensOn(process.pid, port)).toBe(expected);
    const unused = await listen();
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(await listensOn(process.pid, unused)).toBe(process.platform === 'linux' ? false : undefined);
  });
});
