// The stage's KMS key, locally: a server that speaks KMS's JSON protocol for the two calls the
// service makes (GenerateDataKey, Decrypt) under one key, so the functions use the same KMS code
// path as on AWS and the IAM gateway in front of it checks kms:* against their policies. Data
// keys are wrapped as the local key wrapper wraps them (the operator's CLI seals with it).
import { createServer } from 'node:http';
import { localKeyWrapper } from '../../../shared/secrets/local-key-wrapper.ts';
import { listenOnLoopback, readBody } from './loopback-server.ts';

export interface LocalKms {
  readonly endpoint: string;
  readonly keyArn: string;
  close(): Promise<void>;
}

export async function startLocalKms(options: { masterKeyBase64: string; keyArn: string }): Promise<LocalKms> {
  const wrapper = localKeyWrapper(options.masterKeyBase64);
  const keyId = options.keyArn.split('/').pop();
  const knownKey = (id: unknown) => id === undefined || id === options.keyArn || id === keyId;
  const server = createServer(async (request, response) => {
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(JSON.stringify(body));
    };
    try {
      const operation = String(request.headers['x-amz-target'] ?? '')
        .split('.')
        .pop();
      const raw = await readBody(request);
      const input = (raw.length ? JSON.parse(raw.toString('utf8')) : {}) as Record<string, unknown>;
      if (!knownKey(input.KeyId))
        return reply(400, { __type: 'NotFoundException', message: `Key '${input.KeyId}' does not exist` });
      const context = (input.EncryptionContext ?? {}) as Record<string, string>;
      if (operation === 'GenerateDataKey') {
        const { plaintext, wrapped } = await wrapper.newDataKey(context);
        return reply(200, {
          KeyId: options.keyArn,
          Plaintext: plaintext.toString('base64'),
          CiphertextBlob: wrapped,
        });
      }
      if (operation === 'Decrypt') {
        try {
          const plaintext = await wrapper.unwrap(String(input.CiphertextBlob), context);
          return reply(200, {
            KeyId: options.keyArn,
            Plaintext: plaintext.toString('base64'),
            EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
          });
        } catch {
          return reply(400, { __type: 'InvalidCiphertextException', message: '' });
        }
      }
      return reply(400, { __type: 'UnsupportedOperationException', message: `${operation} is not emulated` });
    } catch {
      reply(400, { __type: 'SerializationException', message: 'malformed request' });
    }
  });
  return { ...(await listenOnLoopback(server)), keyArn: options.keyArn };
}
