// One HTTPS call to the PSP over mutual TLS (our client certificate), with a deadline that
// covers connecting, sending and reading the answer. Connection failures and timeouts are
// `PspUnavailableError` (retry later); any answer, whatever its status, is returned.
import { Agent, request } from 'node:https';
import type { ApiPixSecrets } from './api-pix-config.ts';

export interface PspResponse {
  status: number;
  contentType: string;
  text: string;
}

export class PspUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PspUnavailableError';
  }
}

/** PSP answers are small JSON documents; anything past this is not read. */
const maxAnswerBytes = 1024 * 1024;

export function mutualTlsAgent(secrets: ApiPixSecrets): Agent {
  return new Agent({
    keepAlive: true,
    cert: secrets.cert,
    key: secrets.key,
    ...(secrets.ca ? { ca: secrets.ca } : {}),
    minVersion: 'TLSv1.2',
  });
}

export function pspRequest(
  agent: Agent,
  method: string,
  url: string,
  options: { headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<PspResponse> {
  return new Promise((resolve, reject) => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const req = request(url, { method, agent, headers: options.headers, signal }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxAnswerBytes) chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', (error) => reject(new PspUnavailableError(`${method} ${url}: ${error.message}`)));
    });
    req.on('error', (error) =>
      reject(
        new PspUnavailableError(
          signal.aborted
            ? `${method} ${url}: no answer within ${options.timeoutMs} ms`
            : `${method} ${url}: ${error.message}`,
        ),
      ),
    );
    req.end(options.body);
  });
}
