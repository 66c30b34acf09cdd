// Certificates for mutual TLS between the rail and the fake PSP, made fresh for each test run
// with openssl: a CA, the PSP's server certificate (127.0.0.1/localhost) and our client's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  ca: string;
  server: { cert: string; key: string };
  client: { cert: string; key: string };
  /** A client certificate from another CA: the PSP must refuse it. */
  stranger: { cert: string; key: string };
  dir: string;
  cleanup(): void;
}

export function makeCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'fake-psp-certs-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const key = (name: string) =>
    openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', file(name));
  const selfSigned = (keyName: string, certName: string, subject: string) =>
    openssl(
      'req',
      '-x509',
      '-new',
      '-key',
      file(keyName),
      '-sha256',
      '-days',
      '2',
      '-subj',
      subject,
      '-out',
      file(certName),
    );
  const signed = (name: string, subject: string, ca: string, extensions: string) => {
    key(`${name}.key`);
    openssl('req', '-new', '-key', file(`${name}.key`), '-subj', subject, '-out', file(`${name}.csr`));
    writeFileSync(file(`${name}.ext`), extensions);
    openssl(
      'x509',
      '-req',
      '-in',
      file(`${name}.csr`),
      '-CA',
      file(`${ca}.crt`),
      '-CAkey',
      file(`${ca}.key`),
      '-CAcreateserial',
      '-days',
      '2',
      '-sha256',
      '-extfile',
      file(`${name}.ext`),
      '-out',
      file(`${name}.crt`),
    );
  };
  key('ca.key');
  selfSigned('ca.key', 'ca.crt', '/CN=Fake PSP test CA');
  key('other-ca.key');
  selfSigned('other-ca.key', 'other-ca.crt', '/CN=Somebody else');
  signed(
    'server',
    '/CN=localhost',
    'ca',
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
  );
  signed('client', '/CN=cashin-api-pix-client', 'ca', 'extendedKeyUsage=clientAuth\n');
  signed('stranger', '/CN=cashin-api-pix-client', 'other-ca', 'extendedKeyUsage=clientAuth\n');
  const read = (name: string) => readFileSync(file(name), 'utf8');
  return {
    ca: read('ca.crt'),
    server: { cert: read('server.crt'), key: read('server.key') },
    client: { cert: read('client.crt'), key: read('client.key') },
    stranger: { cert: read('stranger.crt'), key: read('stranger.key') },
    dir,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
