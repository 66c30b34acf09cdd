// The API Pix calls the rail makes, with OAuth 2.0 client credentials over mutual TLS: the
// token is cached until shortly before it expires and fetched again after a 401. A 5xx, a 429,
// a timeout or a reset is `PspUnavailableError`: the call is tried again within seconds while
// its time budget allows (every operation here is safe to repeat: PUT /cob/{txid} is
// idempotent by txid), then thrown for the caller's own retry. A 4xx is `PspRejectedError`
// with the RFC 7807 problem the PSP sent (final for that request). Each operation takes the
// time its answer is due (`answerBy`); every HTTP call in it (token, retry after a 401 or a
// transient failure) gets what is left of that, up to PIX_API_TIMEOUT_MS, and one that cannot
// get enough is not started.
import { log } from '../../log.ts';
import { requireCallTimeoutMs } from '../../time-budget.ts';
import { retryTransient } from '../../transient-retry.ts';
import type { ApiPixConfig, ApiPixSecrets } from './api-pix-config.ts';
import { mutualTlsAgent, type PspResponse, PspUnavailableError, pspRequest } from './psp-http.ts';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
}

export class PspRejectedError extends Error {
  readonly problem: Problem;
  constructor(operation: string, problem: Problem) {
    super(`${operation}: ${problem.status} ${problem.title}${problem.detail ? ` (${problem.detail})` : ''}`);
    this.name = 'PspRejectedError';
    this.problem = problem;
  }
}

export type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** The parts of a `cob` the rail reads. */
export interface Cob {
  txid: string;
  status: CobStatus;
  calendario: { criacao: string; expiracao?: number };
  location?: string;
  pixCopiaECola?: string;
  valor: { original: string };
  pix?: ReceivedPix[];
}

/**
 * A devolução of a received Pix: one we asked for (`natureza` ORIGINAL, or absent), or one the
 * payer's bank started through MED (`MED_*`).
 */
export interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  natureza?: 'ORIGINAL' | 'RETIRADA' | 'MED_OPERACIONAL' | 'MED_FRAUDE' | 'MED_PIX_AUTOMATICO';
  descricao?: string;
  horario: { solicitacao?: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo?: string;
}

export interface DevolucaoRequest {
  valor: string;
  natureza: 'ORIGINAL';
  descricao?: string;
}

/** A received Pix as `GET /pix` lists it (a Pix to a static key carries no txid). */
export interface ReceivedPix {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario: string;
  devolucoes?: Devolucao[];
}

/** One page of `GET /pix`. */
export interface ReceivedPixPage {
  pix: ReceivedPix[];
  /** The page read (0-based) and how many the window has. */
  paginaAtual: number;
  quantidadeDePaginas: number;
}

/** The most `GET /pix` returns per page (the document's maximum of `paginacao.itensPorPagina`). */
export const pixPerPage = 1000;

export interface CobRequest {
  calendario: { expiracao: number };
  devedor: { cpf: string; nome: string } | { cnpj: string; nome: string };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
}

/** Refresh this long before the token's stated expiry, so a call never carries a stale one. */
const tokenMarginMs = 60_000;

export function problemOf(response: PspResponse): Problem {
  try {
    const body = JSON.parse(response.text) as Partial<Problem>;
    if (typeof body.title === 'string')
      return {
        type: typeof body.type === 'string' ? body.type : 'about:blank',
        title: body.title,
        status: response.status,
        ...(typeof body.detail === 'string' ? { detail: body.detail.slice(0, 500) } : {}),
      };
  } catch {
    // Not a problem document: describe the status.
  }
  return { type: 'about:blank', title: `HTTP ${response.status}`, status: response.status };
}

/** The OAuth scopes of the immediate charges and received Pix (the rail's calls). */
export const chargeScopes = ['cob.write', 'cob.read', 'pix.read', 'pix.write'] as const;

export function createApiPixClient(
  config: ApiPixConfig,
  loadSecrets: () => Promise<ApiPixSecrets>,
  scopes: readonly string[] = chargeScopes,
) {
  let connection: Promise<{ secrets: ApiPixSecrets; agent: ReturnType<typeof mutualTlsAgent> }> | undefined;
  let token: { value: string; refreshAt: number } | undefined;

  const connect = () => {
    connection ??= loadSecrets().then((secrets) => ({ secrets, agent: mutualTlsAgent(secrets) }));
    connection.catch(() => {
      connection = undefined;
    });
    return connection;
  };

  async function fetchToken(answerBy: number): Promise<string> {
    const { secrets, agent } = await connect();
    const basic = Buffer.from(`${config.clientId}:${secrets.clientSecret}`).toString('base64');
    const response = await pspRequest(agent, 'POST', config.tokenUrl, {
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: scopes.join(' ') })
        .toString()
        .replace(/\+/g, '%20'),
      timeoutMs: requireCallTimeoutMs('POST token', answerBy, config.timeoutMs),
    });
    if (response.status >= 500) throw new PspUnavailableError(`token: HTTP ${response.status}`);
    if (response.status !== 200) throw new PspRejectedError('token', problemOf(response));
    const body = JSON.parse(response.text) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string')
      throw new PspUnavailableError('token: answer without access_token');
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 300) * 1000;
    token = {
      value: body.access_token,
      refreshAt: Date.now() + Math.max(lifetimeMs - tokenMarginMs, lifetimeMs / 2),
    };
    return token.value;
  }

  function bearer(answerBy: number): Promise<string> {
    if (token && Date.now() < token.refreshAt) return Promise.resolve(token.value);
    return fetchToken(answerBy);
  }

  async function call(method: string, path: string, answerBy: number, body?: unknown): Promise<PspResponse> {
    const { agent } = await connect();
    const operation = `${method} ${path.replace(/\?.*$/, '')}`;
    const send = async (accessToken: string) =>
      pspRequest(agent, method, `${config.baseUrl}${path}`, {
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs: requireCallTimeoutMs(operation, answerBy, config.timeoutMs),
      });
    const attempt = async () => {
      let response = await send(await bearer(answerBy));
      if (response.status === 401) {
        token = undefined;
        response = await send(await fetchToken(answerBy));
      }
      if (response.status >= 500 || response.status === 429)
        throw new PspUnavailableError(`${method} ${path}: HTTP ${response.status}`);
      return response;
    };
    return retryTransient(attempt, {
      answerBy,
      isTransient: (error) => error instanceof PspUnavailableError,
      onRetry: (error, retry, delayMs) =>
        log.warn('PSP call failed; trying again', {
          operation,
          retry,
          delayMs,
          error: (error as Error).message,
        }),
    });
  }

  const cobPath = (txid: string) => `/cob/${encodeURIComponent(txid)}`;
  const devolucaoPath = (e2eid: string, id: string) =>
    `/pix/${encodeURIComponent(e2eid)}/devolucao/${encodeURIComponent(id)}`;

  function expectCob(operation: string, response: PspResponse, ok: number[]): Cob {
    if (!ok.includes(response.status)) throw new PspRejectedError(operation, problemOf(response));
    return JSON.parse(response.text) as Cob;
  }

  return {
    /** Any API Pix call (path relative to the base URL), with the token, retries and deadline above. */
    send: call,
    async createCob(txid: string, cob: CobRequest, answerBy: number): Promise<Cob> {
      return expectCob('PUT /cob', await call('PUT', cobPath(txid), answerBy, cob), [200, 201]);
    },
    /** The charge, or null when the PSP has none with this txid. */
    async getCob(txid: string, answerBy: number): Promise<Cob | null> {
      const response = await call('GET', cobPath(txid), answerBy);
      if (response.status === 404) return null;
      return expectCob('GET /cob', response, [200]);
    },
    /** The Pix received from `inicio` to `fim` (RFC 3339), page `page` (0-based). */
    async listReceivedPix(
      inicio: string,
      fim: string,
      page: number,
      answerBy: number,
    ): Promise<ReceivedPixPage> {
      const query = new URLSearchParams({
        inicio,
        fim,
        'paginacao.paginaAtual': String(page),
        'paginacao.itensPorPagina': String(pixPerPage),
      });
      const response = await call('GET', `/pix?${query}`, answerBy);
      if (response.status !== 200) throw new PspRejectedError('GET /pix', problemOf(response));
      const body = JSON.parse(response.text) as {
        pix?: ReceivedPix[];
        parametros?: { paginacao?: { paginaAtual?: number; quantidadeDePaginas?: number } };
      };
      const paging = body.parametros?.paginacao;
      return {
        pix: Array.isArray(body.pix) ? body.pix : [],
        paginaAtual: paging?.paginaAtual ?? page,
        quantidadeDePaginas: paging?.quantidadeDePaginas ?? 1,
      };
    },
    /** Asks for a devolução; the PSP's refusal (e.g. more than the Pix left) is a PspRejectedError. */
    async requestDevolucao(
      e2eid: string,
      id: string,
      devolucao: DevolucaoRequest,
      answerBy: number,
    ): Promise<Devolucao> {
      const response = await call('PUT', devolucaoPath(e2eid, id), answerBy, devolucao);
      if (response.status !== 201 && response.status !== 200)
        throw new PspRejectedError('PUT /pix/devolucao', problemOf(response));
      return JSON.parse(response.text) as Devolucao;
    },
    /** The devolução, or null when the PSP has none with this id on this Pix. */
    async getDevolucao(e2eid: string, id: string, answerBy: number): Promise<Devolucao | null> {
      const response = await call('GET', devolucaoPath(e2eid, id), answerBy);
      if (response.status === 404) return null;
      if (response.status !== 200) throw new PspRejectedError('GET /pix/devolucao', problemOf(response));
      return JSON.parse(response.text) as Devolucao;
    },
    async removeCob(txid: string, answerBy: number): Promise<Cob> {
      return expectCob(
        'PATCH /cob',
        await call('PATCH', cobPath(txid), answerBy, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }),
        [200],
      );
    },
  };
}

export type ApiPixClient = ReturnType<typeof createApiPixClient>;
