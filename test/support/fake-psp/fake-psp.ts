// A Pix PSP for tests, on 127.0.0.1 over HTTPS with mutual TLS: OAuth 2.0 client credentials
// (/oauth/token), immediate charges (PUT/GET/PATCH /api/v2/cob/{txid}), the listing of received
// Pix (GET /api/v2/pix?inicio&fim, paginated), one received Pix (GET /api/v2/pix/{e2eid}), its
// devoluções (PUT/GET /api/v2/pix/{e2eid}/devolucao/{id}), the `POST {webhookUrl}/pix`
// notification, the notification URLs (PUT/GET /webhook/{chave}, /webhookrec, /webhookcobr) and
// Pix Automático with its payer's bank (fake-recurrences.ts, also over HTTPS at /payer-bank).
// Its devoluções behave as DEVOLUCAO_QUIRKS says. Every request it receives and every response
// and notification it sends is validated against the Central Bank's API Pix document; what
// breaks it is recorded, never fixed up, so a test can require zero violations.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { buildDynamicBrCode } from '../../../shared/rails/br-code.ts';
import { makeCertificates, type TestCertificates } from './certificates.ts';
import { createFakeRecurrences, type FakeRecurrences } from './fake-recurrences.ts';
import { createPixApiValidator, type PixApiValidator } from './pix-openapi.ts';

export interface FakeCob {
  txid: string;
  revisao: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  calendario: { criacao: string; expiracao: number };
  devedor?: Record<string, string>;
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  loc: { id: number; location: string; tipoCob: 'cob'; criacao: string; txid: string };
  location: string;
  pixCopiaECola: string;
  pix?: FakePix[];
}

export interface FakePix {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  devolucoes?: FakeDevolucao[];
}

export interface FakeDevolucao {
  id: string;
  rtrId: string;
  valor: string;
  natureza: 'ORIGINAL' | 'MED_OPERACIONAL' | 'MED_FRAUDE' | 'MED_PIX_AUTOMATICO';
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo?: string;
}

export type MedNatureza = 'MED_OPERACIONAL' | 'MED_FRAUDE' | 'MED_PIX_AUTOMATICO';

/** How the fake's devoluções behave where the document is silent (docs/decisions.md repeats them). */
export const DEVOLUCAO_QUIRKS = [
  'PUT /pix/{e2eid}/devolucao/{id} answers 201 EM_PROCESSAMENTO; the next GET of it answers DEVOLVIDO (with horario.liquidacao), or NAO_REALIZADO with its motivo when refuseNextDevolucao was called before the PUT',
  'a repeated PUT of an existing id with the same valor answers 201 with the devolução as it is; a different valor, 400 PixDevolucaoInvalida',
  'the sum of the devoluções of a Pix that are not NAO_REALIZADO (MED ones included) may not exceed its valor: 400 PixDevolucaoInvalida',
  'natureza RETIRADA (Pix Saque/Troco, which the fake never receives) → 400 PixDevolucaoInvalida; absent → ORIGINAL, as the document says',
  "a Pix Automático debit's Pix (a `/cobr`'s pix[]) takes devoluções as an immediate charge's does, and lists them in the `/cobr`'s pix[].devolucoes",
  "a MED devolução (startMed) is DEVOLVIDO at once (or EM_PROCESSAMENTO until finishMed, which ends it DEVOLVIDO or NAO_REALIZADO with a motivo), under an id of the PSP (MED + 32 alphanumerics), listed in the Pix's devolucoes[] like ours and notified with its Pix",
] as const;

export interface FakePsp {
  /** API root, e.g. https://127.0.0.1:4321/api/v2 */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  chave: string;
  certificates: TestCertificates;
  cobs: Map<string, FakeCob>;
  /** Every request, in order: method, path (without query) and the status answered. */
  requests: Array<{ method: string; path: string; status: number }>;
  /** Requests that break the API Pix document (or RFC 6749 for the token endpoint). */
  requestViolations: string[];
  /** Responses and notifications of the fake itself that break the document (a bug in the fake). */
  responseViolations: string[];
  tokensIssued(): number;
  /**
   * Where notifications go unless the client registered its own (PUT /webhook/{chave},
   * /webhookrec, /webhookcobr): `{webhookUrl}/pix`, `/rec` and `/cobr`.
   */
  setWebhookUrl(url: string): void;
  /** The webhook URLs the client registered, by kind. */
  registeredWebhooks: Map<WebhookKind, { webhookUrl: string; criacao: string }>;
  /**
   * Pix Automático's state and the payer's bank's controls (fake-recurrences.ts); the same
   * controls over HTTPS under `payerBankUrl`.
   */
  recurrences: FakeRecurrences;
  /** e.g. https://127.0.0.1:4321/payer-bank (mutual TLS, like the API). */
  payerBankUrl: string;
  /** Every notification the fake sent: kind and the status its receiver answered. */
  notificationsSent: Array<{ kind: WebhookKind; status: number }>;
  /** The next `count` API calls (not token requests) answer 503. */
  failNext(count: number): void;
  /**
   * From now on the first PUT of each charge fails: `503` answers ServicoIndisponivel without
   * creating it; `answer-lost` creates it and drops the connection instead of answering (the
   * request is recorded with status 0). Null stops it.
   */
  failFirstCreateOfEachCharge(fault: CreateFault | null): void;
  /** The next charge creation (PUT) gets no answer at all (the connection stays open), the one after a reset. */
  stallThenResetNext(): void;
  /** How long the last stalled call stayed open before the client gave it up (undefined while open). */
  stalledCallLastedMs(): number | undefined;
  /** While on, no request at all (token or API) gets an answer: the connections stay open. */
  stallEverything(on: boolean): void;
  /** The PSP's clock runs this many ms off ours (a negative offset makes new charges older). */
  setClockOffset(ms: number): void;
  /** The next charge creation is refused with 400 CobOperacaoInvalida (a final answer). */
  rejectNextCreate(): void;
  /** A Pix shows in `GET /pix` only this long after it was received (a PSP's listing lags). */
  setListingLag(ms: number): void;
  /** Every access token issued so far stops working (as at its expiry). */
  expireTokens(): void;
  /** The next devolução asked for ends NAO_REALIZADO with this `motivo` (at its first GET). */
  refuseNextDevolucao(motivo: string): void;
  /**
   * The payer's bank takes money back through MED on the charge's Pix: a devolução of `natureza`,
   * `valor` (default: what the Pix has left), DEVOLVIDO, listed under the Pix's `devolucoes[]`;
   * then, unless told not to, the notification of the Pix with it. `processing`: it stays
   * EM_PROCESSAMENTO until `finishMed`.
   */
  startMed(
    txid: string,
    natureza: MedNatureza,
    options?: { valor?: string; notify?: boolean; processing?: boolean },
  ): Promise<FakeDevolucao>;
  /**
   * A MED devolução started `processing` ends: DEVOLVIDO (the default), or NAO_REALIZADO with a
   * `motivo` (the payer's bank did not carry it out: nothing was taken); the PSP notifies its Pix.
   */
  finishMed(
    txid: string,
    id: string,
    outcome?: { status: 'DEVOLVIDO' } | { status: 'NAO_REALIZADO'; motivo: string },
  ): Promise<void>;
  /** The payer pays: CONCLUIDA with one Pix; then, unless told not to, the notification. */
  pay(txid: string, options?: { notify?: boolean }): Promise<void>;
  /** POSTs a notification body to the webhook (valid or not, e.g. a forged one); returns the status. */
  notify(body: unknown): Promise<number>;
  close(): Promise<void>;
}

export type CreateFault = '503' | 'answer-lost';
export type WebhookKind = 'pix' | 'rec' | 'cobr';

const apiRoot = '/api/v2';
/** Where a test plays the payer's bank over HTTP (fake-recurrences.ts). */
const controlRoot = '/payer-bank';

/** The API Pix settings (PIX_API_*) of a stage whose PSP is `psp`. */
export function apiPixEnvFor(psp: FakePsp): Record<string, string> {
  const certs = psp.certificates.dir;
  return {
    PIX_API_BASE_URL: psp.baseUrl,
    PIX_API_TOKEN_URL: psp.tokenUrl,
    PIX_API_CHAVE: psp.chave,
    PIX_API_CLIENT_ID: psp.clientId,
    PIX_API_CLIENT_SECRET: psp.clientSecret,
    PIX_API_CERT_FILE: join(certs, 'client.crt'),
    PIX_API_KEY_FILE: join(certs, 'client.key'),
    PIX_API_CA_FILE: join(certs, 'ca.crt'),
    PIX_API_RECEIVER_AGENCIA: '0001',
    PIX_API_RECEIVER_CONTA: '998877',
    PIX_API_RECEIVER_TIPO_CONTA: 'CORRENTE',
  };
}
const problemType = (name: string) => `https://pix.bcb.gov.br/api/v2/error/${name}`;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const alphanumeric = (length: number) =>
  Array.from(randomBytes(length), (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[byte % 36]).join('');

/** Checks nothing: for tests about something else than the adapter's conformance (it takes seconds to build). */
const noValidation: PixApiValidator = {
  request: () => [],
  response: () => [],
  notification: () => [],
  recNotification: () => [],
  cobrNotification: () => [],
};

export async function startFakePsp(
  options: {
    tokenLifetimeSeconds?: number;
    /** False: requests and responses are not checked against the API Pix document. */
    validate?: boolean;
  } = {},
): Promise<FakePsp> {
  const certificates = makeCertificates();
  const validator = options.validate === false ? noValidation : await createPixApiValidator();
  const clientId = 'cashin-test-client';
  const clientSecret = randomBytes(16).toString('hex');
  const chave = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
  const tokens = new Map<string, number>();
  let issued = 0;
  let failures = 0;
  let createFault: CreateFault | null = null;
  const faultedCreates = new Set<string>();
  let misbehaviours: Array<'stall' | 'reset'> = [];
  let stalledLastedMs: number | undefined;
  let stallingEverything = false;
  let clockOffsetMs = 0;
  let rejectCreate = false;
  let listingLagMs = 0;
  let refuseDevolucao: string | null = null;
  const refusedDevolucoes = new Map<FakeDevolucao, string>();
  let locationSeq = 1000;
  let webhookUrl: string | null = null;
  const registeredWebhooks: FakePsp['registeredWebhooks'] = new Map();
  const notificationsSent: FakePsp['notificationsSent'] = [];
  const cobs = new Map<string, FakeCob>();
  const requests: FakePsp['requests'] = [];
  const requestViolations: string[] = [];
  const responseViolations: string[] = [];
  let port = 0;

  const send = (
    response: ServerResponse,
    meta: { method: string; path: string; apiPath: string | null; loseAnswer?: boolean },
    status: number,
    body: unknown,
  ) => {
    if (meta.loseAnswer) {
      requests.push({ method: meta.method.toUpperCase(), path: meta.path, status: 0 });
      response.socket?.destroy();
      return;
    }
    const isProblem = status >= 400 && meta.apiPath !== null;
    if (meta.apiPath !== null) {
      for (const problem of validator.response({ method: meta.method, path: meta.apiPath, status, body }))
        responseViolations.push(`${meta.method} ${meta.apiPath} → ${status}: ${problem}`);
    }
    requests.push({ method: meta.method.toUpperCase(), path: meta.path, status });
    response
      .writeHead(status, { 'content-type': isProblem ? 'application/problem+json' : 'application/json' })
      .end(body === undefined ? '' : JSON.stringify(body));
  };
  const problem = (name: string, title: string, status: number, detail?: string) => ({
    type: problemType(name),
    title,
    status,
    ...(detail ? { detail } : {}),
  });

  function token(request: IncomingMessage, text: string, response: ServerResponse, path: string) {
    const meta = { method: 'POST', path, apiPath: null };
    // RFC 6749 §4.4 and §2.3.1: form-encoded grant_type=client_credentials, client authenticated with Basic.
    const form = new URLSearchParams(text);
    if (request.method !== 'POST') requestViolations.push(`${request.method} /oauth/token: must be POST`);
    if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      requestViolations.push('/oauth/token: body must be application/x-www-form-urlencoded');
    if (form.get('grant_type') !== 'client_credentials')
      requestViolations.push('/oauth/token: grant_type must be client_credentials');
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected)
      return send(response, meta, 401, { error: 'invalid_client' });
    const accessToken = randomBytes(24).toString('base64url');
    const lifetime = options.tokenLifetimeSeconds ?? 3600;
    tokens.set(accessToken, Date.now() + lifetime * 1000);
    issued += 1;
    send(response, meta, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: lifetime,
      scope: 'cob.write cob.read pix.read pix.write',
    });
  }

  function cobView(cob: FakeCob) {
    return JSON.parse(JSON.stringify(cob)) as FakeCob;
  }

  /** `GET /pix`: the Pix received from `inicio` to `fim`, oldest first, a page at a time. */
  function listReceivedPix(query: Record<string, string>) {
    const inicio = Date.parse(query.inicio ?? '');
    const fim = Date.parse(query.fim ?? '');
    const page = Number(query['paginacao.paginaAtual'] ?? 0);
    const perPage = Number(query['paginacao.itensPorPagina'] ?? 100);
    if (Number.isNaN(inicio) || Number.isNaN(fim) || fim < inicio)
      return { status: 400, body: problem('ConsultaInvalida', 'Consulta inválida', 400, 'inicio e fim') };
    const visibleUntil = Date.now() - listingLagMs;
    const received = [...cobs.values()]
      .flatMap((cob) => cob.pix ?? [])
      .filter((pix) => {
        const at = Date.parse(pix.horario);
        return at >= inicio && at <= fim && at <= visibleUntil;
      })
      .sort((a, b) => a.horario.localeCompare(b.horario));
    const pages = Math.max(1, Math.ceil(received.length / perPage));
    return {
      status: 200,
      body: {
        parametros: {
          inicio: query.inicio,
          fim: query.fim,
          paginacao: {
            paginaAtual: page,
            itensPorPagina: perPage,
            quantidadeDePaginas: pages,
            quantidadeTotalDeItens: received.length,
          },
        },
        pix: received.slice(page * perPage, (page + 1) * perPage),
      },
    };
  }

  /** A received Pix: an immediate charge's, or a Pix Automático debit's (its devoluções are alike). */
  function findPix(e2eid: string): FakePix | undefined {
    for (const charge of [...cobs.values(), ...recurrences.cobrs.values()]) {
      const found = (charge.pix as FakePix[] | undefined)?.find((pix) => pix.endToEndId === e2eid);
      if (found) return found;
    }
    return undefined;
  }

  const cents = (valor: string) => Math.round(Number(valor) * 100);
  /** Cents of the Pix given back or on the way back (NAO_REALIZADO ones do not count). */
  const devolvido = (pix: FakePix) =>
    (pix.devolucoes ?? [])
      .filter((d) => d.status !== 'NAO_REALIZADO')
      .reduce((sum, d) => sum + cents(d.valor), 0);
  const pspNow = () => new Date(Date.now() + clockOffsetMs).toISOString();
  const devolucaoInvalida = (detail: string) =>
    ({ status: 400, body: problem('PixDevolucaoInvalida', 'Devolução inválida.', 400, detail) }) as const;

  /** `GET /pix/{e2eid}`, `PUT` and `GET /pix/{e2eid}/devolucao/{id}`, as DEVOLUCAO_QUIRKS says. */
  function pixOrDevolucao(
    method: string,
    e2eid: string,
    id: string | null,
    body: unknown,
  ): { status: number; body: unknown } {
    const pix = findPix(e2eid);
    if (!pix) return { status: 404, body: problem('NaoEncontrado', 'Pix não encontrado', 404) };
    if (id === null) {
      if (method !== 'GET') return { status: 405, body: { error: 'method not allowed' } };
      return { status: 200, body: JSON.parse(JSON.stringify(pix)) };
    }
    const existing = pix.devolucoes?.find((d) => d.id === id);
    if (method === 'GET') {
      if (!existing) return { status: 404, body: problem('NaoEncontrado', 'Devolução não encontrada', 404) };
      if (existing.status === 'EM_PROCESSAMENTO') {
        const motivo = refusedDevolucoes.get(existing);
        if (motivo === undefined) {
          existing.status = 'DEVOLVIDO';
          existing.horario.liquidacao = pspNow();
        } else {
          existing.status = 'NAO_REALIZADO';
          existing.motivo = motivo;
        }
      }
      return { status: 200, body: JSON.parse(JSON.stringify(existing)) };
    }
    if (method !== 'PUT') return { status: 405, body: { error: 'method not allowed' } };
    const input = (body ?? {}) as { valor?: string; natureza?: string; descricao?: string };
    if (typeof input.valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(input.valor) || cents(input.valor) <= 0)
      return devolucaoInvalida('valor deve ser positivo, no formato 0.00');
    if (existing) {
      if (existing.valor !== input.valor) return devolucaoInvalida('a devolução já existe com outro valor');
      return { status: 201, body: JSON.parse(JSON.stringify(existing)) };
    }
    if ((input.natureza ?? 'ORIGINAL') !== 'ORIGINAL')
      return devolucaoInvalida('natureza RETIRADA só cabe a Pix Saque ou Troco');
    if (devolvido(pix) + cents(input.valor) > cents(pix.valor))
      return devolucaoInvalida('a soma das devoluções ultrapassa o valor do Pix');
    const devolucao: FakeDevolucao = {
      id,
      rtrId: `D${alphanumeric(31)}`,
      valor: input.valor,
      natureza: 'ORIGINAL',
      ...(input.descricao ? { descricao: input.descricao } : {}),
      horario: { solicitacao: pspNow() },
      status: 'EM_PROCESSAMENTO',
    };
    if (refuseDevolucao !== null) {
      refusedDevolucoes.set(devolucao, refuseDevolucao);
      refuseDevolucao = null;
    }
    pix.devolucoes = [...(pix.devolucoes ?? []), devolucao];
    return { status: 201, body: JSON.parse(JSON.stringify(devolucao)) };
  }

  function api(
    method: string,
    apiPath: string,
    query: Record<string, string>,
    request: IncomingMessage,
    text: string,
    response: ServerResponse,
    path: string,
  ) {
    const meta: Parameters<typeof send>[1] = { method: method.toLowerCase(), path, apiPath };
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      requestViolations.push(`${method} ${apiPath}: body is not JSON`);
    }
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    for (const violation of validator.request({
      method: meta.method,
      path: apiPath,
      headers,
      query,
      body,
    }))
      requestViolations.push(`${method} ${apiPath}: ${violation}`);

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = bearer ? tokens.get(bearer) : undefined;
    if (!expiresAt || expiresAt <= Date.now())
      return send(
        response,
        meta,
        401,
        problem('AcessoNegado', 'Não autorizado', 401, 'token ausente, inválido ou expirado'),
      );
    const misbehaviour = method === 'PUT' ? misbehaviours.shift() : undefined;
    if (misbehaviour === 'stall') {
      requests.push({ method, path, status: 0 });
      const stalledAt = Date.now();
      stalledLastedMs = undefined;
      response.on('close', () => {
        stalledLastedMs = Date.now() - stalledAt;
      });
      return; // never answers: the client's deadline must end the call
    }
    if (misbehaviour === 'reset') {
      requests.push({ method, path, status: 0 });
      request.socket.destroy();
      return;
    }
    if (failures > 0) {
      failures -= 1;
      return send(response, meta, 503, problem('ServicoIndisponivel', 'Serviço indisponível', 503));
    }
    const webhookAnswer = webhookConfig(method, apiPath, body);
    if (webhookAnswer)
      return send(
        response,
        webhookAnswer.documented ? meta : { ...meta, apiPath: null },
        webhookAnswer.status,
        webhookAnswer.body,
      );
    const recurrenceAnswer = recurrences.handle(method, apiPath, query, body as Record<string, any>);
    if (recurrenceAnswer)
      return send(
        response,
        recurrenceAnswer.documented ? meta : { ...meta, apiPath: null },
        recurrenceAnswer.status,
        recurrenceAnswer.body,
      );
    if (method === 'GET' && apiPath === '/pix') {
      const listed = listReceivedPix(query);
      return send(response, meta, listed.status, listed.body);
    }
    const pixMatch = /^\/pix\/([^/]+)(?:\/devolucao\/([^/]+))?$/.exec(apiPath);
    if (pixMatch) {
      const answer = pixOrDevolucao(
        method,
        decodeURIComponent(pixMatch[1]!),
        pixMatch[2] === undefined ? null : decodeURIComponent(pixMatch[2]),
        body,
      );
      return send(
        response,
        answer.status === 405 ? { ...meta, apiPath: null } : meta,
        answer.status,
        answer.body,
      );
    }
    const match = /^\/cob\/([^/]+)$/.exec(apiPath);
    if (!match)
      return send(response, { ...meta, apiPath: null }, 404, problem('NaoEncontrado', 'Não encontrado', 404));
    const txid = decodeURIComponent(match[1]!);
    const existing = cobs.get(txid);
    if (method === 'PUT' && createFault && !faultedCreates.has(txid)) {
      faultedCreates.add(txid);
      if (createFault === '503')
        return send(response, meta, 503, problem('ServicoIndisponivel', 'Serviço indisponível', 503));
      meta.loseAnswer = true;
    }

    if (method === 'GET') {
      if (!existing)
        return send(response, meta, 404, problem('NaoEncontrado', 'Cobrança não encontrada', 404));
      return send(response, meta, 200, cobView(existing));
    }
    if (method === 'PUT') {
      const input = body as Omit<FakeCob, 'txid'> & { calendario?: { expiracao?: number } };
      if (existing) {
        const same = existing.status === 'ATIVA' && existing.valor.original === input?.valor?.original;
        if (!same)
          return send(
            response,
            meta,
            400,
            problem('CobOperacaoInvalida', 'Cobrança inválida', 400, 'a cobrança já existe'),
          );
        return send(response, meta, 201, cobView(existing));
      }
      if (rejectCreate) {
        rejectCreate = false;
        return send(
          response,
          meta,
          400,
          problem('CobOperacaoInvalida', 'Cobrança inválida', 400, 'o recebedor está bloqueado'),
        );
      }
      if (input?.chave !== chave)
        return send(
          response,
          meta,
          400,
          problem('CobOperacaoInvalida', 'Cobrança inválida', 400, 'chave não pertence ao recebedor'),
        );
      const criacao = new Date(Date.now() + clockOffsetMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const location = `127.0.0.1:${port}/qr/v2/${alphanumeric(32).toLowerCase()}`;
      const cob: FakeCob = {
        txid,
        revisao: 0,
        status: 'ATIVA',
        calendario: { criacao, expiracao: input.calendario?.expiracao ?? 86_400 },
        ...(input.devedor ? { devedor: input.devedor as Record<string, string> } : {}),
        valor: { original: input.valor.original },
        chave,
        ...(input.solicitacaoPagador ? { solicitacaoPagador: input.solicitacaoPagador } : {}),
        loc: { id: locationSeq++, location, tipoCob: 'cob', criacao, txid },
        location,
        pixCopiaECola: buildDynamicBrCode({
          location,
          amountCents: Math.round(Number(input.valor.original) * 100),
          merchantName: 'FAKE PSP RECEBEDOR',
          merchantCity: 'BRASILIA',
        }),
      };
      cobs.set(txid, cob);
      return send(response, meta, 201, cobView(cob));
    }
    if (method === 'PATCH') {
      if (!existing)
        return send(response, meta, 404, problem('NaoEncontrado', 'Cobrança não encontrada', 404));
      if (existing.status !== 'ATIVA')
        return send(response, meta, 400, problem('CobOperacaoInvalida', 'Cobrança não está ATIVA', 400));
      const status = (body as { status?: string } | undefined)?.status;
      if (status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
        existing.status = status;
        existing.revisao += 1;
      }
      return send(response, meta, 200, cobView(existing));
    }
    return send(response, { ...meta, apiPath: null }, 405, { error: 'method not allowed' });
  }

  async function payCob(txid: string, { notify: sendNotification = true } = {}): Promise<void> {
    const cob = cobs.get(txid);
    if (cob?.status !== 'ATIVA') throw new Error(`fake PSP: charge ${txid} is not payable`);
    const pix: FakePix = {
      endToEndId: `E${alphanumeric(31)}`,
      txid,
      valor: cob.valor.original,
      horario: new Date().toISOString(),
    };
    cob.status = 'CONCLUIDA';
    cob.pix = [pix];
    if (sendNotification) await notifyPix(pix);
  }

  const recebedor = { cnpj: '12345678000195', nome: 'FAKE PSP RECEBEDOR' };
  const recurrences = createFakeRecurrences({
    host: () => `127.0.0.1:${port}`,
    now: () => new Date(Date.now() + clockOffsetMs),
    problem,
    cobs,
    payCob: (txid) => payCob(txid),
    notifyRec: (body) => notifyChecked('rec', body),
    notifyCobr: (body) => notifyChecked('cobr', body),
    recebedor,
  });

  /**
   * The payer's bank over HTTPS, for a process that cannot call this object (a stack's function):
   * `POST /payer-bank/rec/{idRec}/authorize|decline|cancel`, `POST
   * /payer-bank/cobr/{txid}/debit[?outcome=paid|failed]`, `POST /payer-bank/fail-next-debit`.
   * 204 when done, 409 with the reason when the state does not allow it. Not API Pix: not checked.
   */
  async function payerBankControl(method: string, url: URL, response: ServerResponse): Promise<void> {
    const meta = { method, path: url.pathname, apiPath: null };
    const path = url.pathname.slice(controlRoot.length);
    const rec = /^\/rec\/([^/]+)\/(authorize|decline|cancel)$/.exec(path);
    const debit = /^\/cobr\/([^/]+)\/debit$/.exec(path);
    const outcome = url.searchParams.get('outcome');
    if (method !== 'POST' || (!rec && !debit && path !== '/fail-next-debit'))
      return send(response, meta, 404, { error: 'not found' });
    if (outcome !== null && outcome !== 'paid' && outcome !== 'failed')
      return send(response, meta, 400, { error: 'outcome: paid or failed' });
    try {
      if (rec) {
        const idRec = decodeURIComponent(rec[1]!);
        if (rec[2] === 'authorize') await recurrences.authorize(idRec);
        else if (rec[2] === 'decline') await recurrences.decline(idRec);
        else await recurrences.payerCancels(idRec);
      } else if (debit) await recurrences.debit(decodeURIComponent(debit[1]!), outcome ?? undefined);
      else recurrences.failNextDebit();
    } catch (error) {
      return send(response, meta, 409, { error: (error as Error).message });
    }
    send(response, meta, 204, undefined);
  }

  /** PUT and GET of the three notification URLs (`/webhook/{chave}`, `/webhookrec`, `/webhookcobr`). */
  function webhookConfig(
    method: string,
    apiPath: string,
    body: unknown,
  ): { status: number; body: unknown; documented: boolean } | null {
    const match = /^\/(?:webhook\/([^/]+)|webhookrec|webhookcobr)$/.exec(apiPath);
    if (!match) return null;
    const kind: WebhookKind = match[1] !== undefined ? 'pix' : apiPath === '/webhookrec' ? 'rec' : 'cobr';
    if (kind === 'pix' && decodeURIComponent(match[1]!) !== chave)
      return { status: 404, body: problem('NaoEncontrado', 'Chave não encontrada', 404), documented: true };
    if (method === 'PUT') {
      const url = (body as { webhookUrl?: unknown } | undefined)?.webhookUrl;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url))
        return {
          status: 400,
          body: problem('WebhookOperacaoInvalida', 'Webhook inválido.', 400, 'webhookUrl'),
          documented: true,
        };
      registeredWebhooks.set(kind, { webhookUrl: url, criacao: pspNow() });
      return { status: 200, body: undefined, documented: true };
    }
    if (method === 'GET') {
      const registered = registeredWebhooks.get(kind);
      if (!registered)
        return {
          status: 404,
          body: problem('NaoEncontrado', 'Webhook não encontrado', 404),
          documented: true,
        };
      return {
        status: 200,
        body: kind === 'pix' ? { ...registered, chave, cnpj: recebedor.cnpj } : { ...registered },
        documented: true,
      };
    }
    return { status: 405, body: { error: 'method not allowed' }, documented: false };
  }

  const server: Server = createServer(
    {
      cert: certificates.server.cert,
      key: certificates.server.key,
      ca: certificates.ca,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      void readBody(request).then((text) => {
        const url = new URL(request.url ?? '/', 'https://127.0.0.1');
        if (stallingEverything) {
          requests.push({ method: String(request.method), path: url.pathname, status: 0 });
          return;
        }
        const peer = (request.socket as TLSSocket).getPeerCertificate();
        if (peer?.subject?.CN !== 'cashin-api-pix-client')
          requestViolations.push('client certificate not presented');
        if (url.pathname === '/oauth/token') return token(request, text, response, url.pathname);
        if (url.pathname.startsWith(`${controlRoot}/`))
          return void payerBankControl(request.method ?? 'GET', url, response);
        if (url.pathname.startsWith(`${apiRoot}/`))
          return api(
            request.method ?? 'GET',
            url.pathname.slice(apiRoot.length),
            Object.fromEntries(url.searchParams),
            request,
            text,
            response,
            url.pathname,
          );
        send(response, { method: String(request.method), path: url.pathname, apiPath: null }, 404, {
          error: 'not found',
        });
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;

  async function notifyKind(kind: WebhookKind, body: unknown): Promise<number> {
    const url = registeredWebhooks.get(kind)?.webhookUrl ?? webhookUrl;
    if (!url) throw new Error(`fake PSP: no webhookUrl for ${kind}`);
    const response = await fetch(`${url.replace(/\/+$/, '')}/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.text();
    notificationsSent.push({ kind, status: response.status });
    return response.status;
  }
  const notify = (body: unknown) => notifyKind('pix', body);

  /** A Pix Automático notification, checked against its callback's body in the document. */
  async function notifyChecked(kind: 'rec' | 'cobr', body: unknown): Promise<void> {
    const violations = kind === 'rec' ? validator.recNotification(body) : validator.cobrNotification(body);
    for (const violation of violations) responseViolations.push(`POST /${kind}: ${violation}`);
    const status = await notifyKind(kind, body);
    if (status < 200 || status >= 300) throw new Error(`fake PSP: ${kind} notification answered ${status}`);
  }

  /** The notification of one Pix (its payment, or a devolução of it), checked against the document. */
  async function notifyPix(pix: FakePix): Promise<void> {
    const body = { pix: [JSON.parse(JSON.stringify(pix))] };
    for (const violation of validator.notification(body)) responseViolations.push(`POST /pix: ${violation}`);
    const status = await notify(body);
    if (status < 200 || status >= 300) throw new Error(`fake PSP: notification answered ${status}`);
  }

  return {
    baseUrl: `https://127.0.0.1:${port}${apiRoot}`,
    tokenUrl: `https://127.0.0.1:${port}/oauth/token`,
    clientId,
    clientSecret,
    chave,
    certificates,
    cobs,
    requests,
    requestViolations,
    responseViolations,
    tokensIssued: () => issued,
    registeredWebhooks,
    recurrences,
    payerBankUrl: `https://127.0.0.1:${port}${controlRoot}`,
    notificationsSent,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    failNext(count) {
      failures = count;
    },
    failFirstCreateOfEachCharge(fault) {
      createFault = fault;
    },
    stalledCallLastedMs: () => stalledLastedMs,
    stallThenResetNext() {
      misbehaviours = ['stall', 'reset'];
    },
    stallEverything(on) {
      stallingEverything = on;
    },
    setClockOffset(ms) {
      clockOffsetMs = ms;
    },
    rejectNextCreate() {
      rejectCreate = true;
    },
    setListingLag(ms) {
      listingLagMs = ms;
    },
    expireTokens() {
      tokens.clear();
    },
    refuseNextDevolucao(motivo) {
      refuseDevolucao = motivo;
    },
    async startMed(txid, natureza, { valor, notify: sendNotification = true, processing = false } = {}) {
      const pix = cobs.get(txid)?.pix?.[0];
      if (!pix) throw new Error(`fake PSP: charge ${txid} has no Pix to take back`);
      const left = cents(pix.valor) - devolvido(pix);
      const amount = valor === undefined ? left : cents(valor);
      if (amount <= 0 || amount > left)
        throw new Error(`fake PSP: the Pix of ${txid} has ${left} cents left`);
      const at = pspNow();
      const devolucao: FakeDevolucao = {
        id: `MED${alphanumeric(32)}`,
        rtrId: `D${alphanumeric(31)}`,
        valor: (amount / 100).toFixed(2),
        natureza,
        horario: processing ? { solicitacao: at } : { solicitacao: at, liquidacao: at },
        status: processing ? 'EM_PROCESSAMENTO' : 'DEVOLVIDO',
      };
      pix.devolucoes = [...(pix.devolucoes ?? []), devolucao];
      if (sendNotification) await notifyPix(pix);
      return devolucao;
    },
    async finishMed(txid, id, outcome = { status: 'DEVOLVIDO' }) {
      const pix = cobs.get(txid)?.pix?.[0];
      const devolucao = pix?.devolucoes?.find((d) => d.id === id);
      if (!pix || devolucao?.status !== 'EM_PROCESSAMENTO')
        throw new Error(`fake PSP: no MED ${id} in process`);
      devolucao.status = outcome.status;
      if (outcome.status === 'DEVOLVIDO') devolucao.horario.liquidacao = pspNow();
      else devolucao.motivo = outcome.motivo;
      await notifyPix(pix);
    },
    pay: payCob,
    notify,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      certificates.cleanup();
    },
  };
}
