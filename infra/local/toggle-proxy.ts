// A TCP proxy in front of a local endpoint that can be switched off, so tests can take a
// dependency "down" (e.g. SQS during a purchase) without stopping it and losing its state.
import { connect, createServer, type Socket } from 'node:net';

export interface ToggleProxy {
  endpoint: string;
  setDown(down: boolean): void;
  /** Accept connections but never answer: a dependency that hangs rather than refuses. */
  setHung(hung: boolean): void;
  close(): Promise<void>;
}

export async function startToggleProxy(target: string): Promise<ToggleProxy> {
  const { hostname, port } = new URL(target);
  let down = false;
  let hung = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    if (hung) {
      sockets.add(client);
      client.on('close', () => sockets.delete(client));
      client.on('error', () => client.destroy());
      client.resume();
      return;
    }
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    setDown(value) {
      down = value;
      if (down) for (const socket of sockets) socket.destroy();
    },
    setHung(value) {
      hung = value;
      // Kept-alive connections would still reach the target: close them so new ones hang.
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
