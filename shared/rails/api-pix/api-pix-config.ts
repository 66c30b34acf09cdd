// API Pix settings of a stage. The public part (PSP address, Pix key, client id, the names the
// BR Code shows) comes from the environment; the secret part (client secret, client
// certificate and key, the PSP's CA) from Secrets Manager in AWS (PIX_API_SECRET_ID, read only
// by the functions that use the rail) or, locally, from environment variables or files.
import { readFileSync } from 'node:fs';
import { integerEnv, onConfigurationReset, optionalEnv } from '../../config.ts';
import type { ReceiverAccount, TipoConta } from './pix-automatico-types.ts';

export interface ApiPixConfig {
  /** PSP's API Pix base URL, e.g. https://pix.psp.example/api/v2 (no trailing slash). */
  baseUrl: string;
  /** OAuth 2.0 token endpoint (default: `/oauth/token` on the base URL's origin). */
  tokenUrl: string;
  /** The receiving Pix key (`chave`) of the charges. */
  chave: string;
  clientId: string;
  /** Shown in the BR Code when the PSP returns only the location (tags 59 and 60). */
  merchantName: string;
  merchantCity: string;
  /** Per outbound call. */
  timeoutMs: number;
  /** Secrets Manager secret (JSON: clientSecret, cert, key, ca) — AWS stages. */
  secretId: string | null;
  /**
   * The account Pix Automático cycle charges (`/cobr`) credit: PIX_API_RECEIVER_AGENCIA,
   * PIX_API_RECEIVER_CONTA, PIX_API_RECEIVER_TIPO_CONTA. Null: this stage does not collect
   * Pix Automático.
   */
  receiverAccount: ReceiverAccount | null;
}

const tiposConta: readonly TipoConta[] = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'];

function receiverAccountFromEnvironment(): ReceiverAccount | null {
  const conta = optionalEnv('PIX_API_RECEIVER_CONTA');
  if (!conta) return null;
  const tipoConta = optionalEnv('PIX_API_RECEIVER_TIPO_CONTA') ?? 'CORRENTE';
  if (!tiposConta.includes(tipoConta as TipoConta))
    throw new Error(`PIX_API_RECEIVER_TIPO_CONTA must be one of ${tiposConta.join(', ')}`);
  const agencia = optionalEnv('PIX_API_RECEIVER_AGENCIA');
  return { ...(agencia ? { agencia } : {}), conta, tipoConta: tipoConta as TipoConta };
}

export interface ApiPixSecrets {
  clientSecret: string;
  /** PEM client certificate and key for mutual TLS. */
  cert: string;
  key: string;
  /** PEM of the CA that signed the PSP's server certificate; null: the system's roots. */
  ca: string | null;
}

function originOf(url: string): string {
  return new URL(url).origin;
}

let cached: ApiPixConfig | null | undefined;
onConfigurationReset(() => {
  cached = undefined;
});

/** Null when the stage configures no PSP (then the sandbox rail serves PIX, if the stage has it). */
export function apiPixConfig(): ApiPixConfig | null {
  if (cached !== undefined) return cached;
  const baseUrl = optionalEnv('PIX_API_BASE_URL');
  if (!baseUrl) {
    cached = null;
    return cached;
  }
  const need = (name: string) => {
    const value = optionalEnv(name);
    if (!value) throw new Error(`PIX_API_BASE_URL is set, so ${name} is required`);
    return value;
  };
  cached = {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    tokenUrl: optionalEnv('PIX_API_TOKEN_URL') ?? `${originOf(baseUrl)}/oauth/token`,
    chave: need('PIX_API_CHAVE'),
    clientId: need('PIX_API_CLIENT_ID'),
    merchantName: optionalEnv('PIX_API_MERCHANT_NAME') ?? 'Cashin',
    merchantCity: optionalEnv('PIX_API_MERCHANT_CITY') ?? 'Sao Paulo',
    timeoutMs: integerEnv('PIX_API_TIMEOUT_MS', 10_000),
    secretId: optionalEnv('PIX_API_SECRET_ID') ?? null,
    receiverAccount: receiverAccountFromEnvironment(),
  };
  return cached;
}

/** Locally: PIX_API_CLIENT_SECRET, and each PEM either inline (PIX_API_CERT) or as a file (PIX_API_CERT_FILE). */
export function secretsFromEnvironment(): ApiPixSecrets {
  const pem = (name: string): string | null => {
    const inline = optionalEnv(name);
    if (inline) return inline;
    const file = optionalEnv(`${name}_FILE`);
    return file ? readFileSync(file, 'utf8') : null;
  };
  const clientSecret = pem('PIX_API_CLIENT_SECRET');
  const cert = pem('PIX_API_CERT');
  const key = pem('PIX_API_KEY');
  if (!clientSecret || !cert || !key)
    throw new Error('API Pix needs PIX_API_CLIENT_SECRET, PIX_API_CERT(_FILE) and PIX_API_KEY(_FILE)');
  return { clientSecret, cert, key, ca: pem('PIX_API_CA') };
}
