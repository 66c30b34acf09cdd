// A webhook receiver on 127.0.0.1 that fails about half of its calls (500, a hang past the
// sender's timeout, a reset connection) and answers some successes slowly. It counts the POSTs
// of each event; the run sets them against the attempts the service recorded.
import { createServer, type ServerResponse } from 'node:http';

export interface EventCalls {
  transactionId: string;
  posts: number;
}

export interface FlakyReceiver {
  url: string;
  calls: Map<string, EventCalls>;
  /** Answer every call with 200 from now on (the drain at the end of a run). */
  heal(): void;
  close(): Promise<void>;
}

export async function startFlakyReceiver(options: {
  random: () => number;
  /** The sender's timeout: a hang lasts longer than this. */
  senderTimeoutMs: number;
}): Promise<FlakyReceiver> {
  const calls = new Map<string, EventCalls>();
  let healed = false;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const eventId = String(request.headers['webhook-id'] ?? 'unknown');
      let transactionId = 'unknown';
      try {
        transactionId = JSON.parse(Buffer.concat(chunks).toString('utf8')).data.id;
      } catch {
        // A body that is not JSON is counted under "unknown".
      }
      const entry = calls.get(eventId) ?? { transactionId, posts: 0 };
      calls.set(eventId, entry);
      entry.posts += 1;
      answer(response);
    });
  });

  function answer(response: ServerResponse) {
    const roll = healed ? 1 : options.random();
    const finish = (status: number, delayMs: number) => {
      const send = () => {
        // After a hang the sender has given up already: nobody is left to answer.
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
      };
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    };
    if (roll < 0.35) return finish(500, 0);
    if (roll < 0.45) return finish(503, options.senderTimeoutMs + 1000);
    if (roll < 0.5) {
      response.socket?.destroy();
      return;
    }
    if (roll < 0.6) return finish(200, Math.floor(options.senderTimeoutMs / 3));
    return finish(200, 0);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/chaos-hooks`,
    calls,
    heal: () => {
      healed = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
