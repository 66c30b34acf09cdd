// The fake PSP's Pix Automático: recurrence locations (POST/GET /locrec), recurrences (POST/GET
// /rec, GET/PATCH /rec/{idRec}), requests to the payer's bank (POST/GET /solicrec), cycle charges
// (PUT/GET/PATCH /cobr/{txid}) and their retries (POST /cobr/{txid}/retentativa/{data}), with
// state; and the payer's bank, played by the test (authorize, decline, cancel, debit). Each
// change the payer's side makes is notified to `{webhookUrl}/rec` or `{webhookUrl}/cobr`. Where
// the document is silent the fake follows the Central Bank's rules, as RECURRENCE_RULES says.
import { randomBytes } from 'node:crypto';
import { addDays, todayInSaoPaulo } from '../../../shared/purchase/due-date.ts';
import { appendEmvCrc, encodeTlv } from '../../../shared/rails/emv-qr.ts';
import type { FakeCob } from './fake-psp.ts';

export const RECURRENCE_RULES = [
  "a cycle charge (PUT /cobr/{txid}) needs an APROVADA recurrence and a due date 2 to 10 days after the PSP's today (São Paulo): else 400 CobROperacaoInvalida",
  'a repeated PUT /cobr/{txid} with the same idRec, due date and valor answers 201 with the charge as it is; a different one, 400 CobROperacaoInvalida',
  'a retry (POST /cobr/{txid}/retentativa/{data}) needs PERMITE_3R_7D, a charge still ATIVA whose last attempt failed, fewer than 3 retries, and a date after the due date, after today and after the last attempt, within 7 days of the due date: else 400 (a repeated request for the same date too)',
  "the payer declines with AP13; cancels with solicitante USUARIO_PAGADOR, codigo SLDB; the merchant's PATCH CANCELADA records USUARIO_RECEBEDOR, SLCR; open cycle charges of a canceled recurrence are CANCELADA too",
  'a failed debit is a tentativa REJEITADA with codigo AM02 (one that does not end the charge); with NAO_PERMITE or after the third retry the charge is EXPIRADA',
] as const;

export interface FakeRecurrenceDeps {
  host: () => string;
  /** The PSP's clock (tests can move it). */
  now: () => Date;
  problem: (name: string, title: string, status: number, detail?: string) => object;
  cobs: Map<string, FakeCob>;
  payCob: (txid: string) => Promise<void>;
  notifyRec: (body: unknown) => Promise<void>;
  notifyCobr: (body: unknown) => Promise<void>;
  recebedor: { cnpj: string; nome: string };
}

export interface Answer {
  status: number;
  body: unknown;
  /** False: no such operation (not checked against the document). */
  documented: boolean;
}

type Json = Record<string, any>;
const ispb = '12345678';
const alphanumeric = (length: number) =>
  Array.from(
    randomBytes(length),
    (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[byte % 62],
  ).join('');
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const endToEndId = (date: Date) =>
  `E${ispb}${date.toISOString().replace(/\D/g, '').slice(0, 12)}${alphanumeric(11)}`;

export function createFakeRecurrences(deps: FakeRecurrenceDeps) {
  const locs = new Map<number, Json>();
  const recs = new Map<string, Json>();
  const solicRecs = new Map<string, Json>();
  const cobrs = new Map<string, Json>();
  let locSeq = 5000;
  let failNextDebit = false;

  const stamp = () => deps.now().toISOString();
  const today = () => todayInSaoPaulo(deps.now());
  const ok = (status: number, body: unknown): Answer => ({ status, body: copy(body), documented: true });
  const invalid = (name: string, detail: string): Answer => ({
    status: 400,
    body: deps.problem(name, 'Operação inválida.', 400, detail),
    documented: true,
  });
  const notFound = (what: string): Answer => ({
    status: 404,
    body: deps.problem('NaoEncontrado', `${what} não encontrada`, 404),
    documented: true,
  });
  const undocumented = (): Answer => ({
    status: 405,
    body: { error: 'method not allowed' },
    documented: false,
  });

  const recNotification = (rec: Json) => ({
    recs: [
      {
        idRec: rec.idRec,
        status: rec.status,
        atualizacao: rec.atualizacao,
        ...(rec.encerramento ? { encerramento: rec.encerramento } : {}),
        ...(rec.ativacao ? { ativacao: rec.ativacao } : {}),
      },
    ],
  });
  const cobrNotification = (cobr: Json) => ({
    cobsr: [
      {
        idRec: cobr.idRec,
        txid: cobr.txid,
        status: cobr.status,
        atualizacao: cobr.atualizacao,
        ...(cobr.encerramento ? { encerramento: cobr.encerramento } : {}),
        ...(cobr.tentativas ? { tentativas: cobr.tentativas } : {}),
        ...(cobr.pix ? { pix: cobr.pix } : {}),
      },
    ],
  });
  const setRecStatus = (rec: Json, status: string) => {
    rec.status = status;
    rec.atualizacao.push({ status, data: stamp() });
  };
  const setCobrStatus = (cobr: Json, status: string) => {
    cobr.status = status;
    cobr.atualizacao.push({ status, data: stamp() });
  };

  /** The BR Code of the recurrence's location (tag 80), after the charge's when there is one. */
  function compositeQr(rec: Json, cob: FakeCob | undefined): string {
    const recTag = encodeTlv('80', encodeTlv('00', 'br.gov.bcb.pix') + encodeTlv('25', rec.loc.location));
    if (cob) return appendEmvCrc(cob.pixCopiaECola.slice(0, -8) + recTag);
    return appendEmvCrc(
      encodeTlv('00', '01') +
        encodeTlv('26', encodeTlv('00', 'br.gov.bcb.pix')) +
        '52040000' +
        '5303986' +
        '5802BR' +
        encodeTlv('59', 'FAKE PSP RECEBEDOR') +
        encodeTlv('60', 'BRASILIA') +
        encodeTlv('62', encodeTlv('05', '***')) +
        recTag,
    );
  }

  function recView(rec: Json, txid?: string): Json {
    const view = copy(rec);
    if (rec.loc && rec.status !== 'CANCELADA') {
      const cob = txid ? deps.cobs.get(txid) : undefined;
      view.dadosQR = { jornada: cob ? 'JORNADA_3' : 'JORNADA_2', pixCopiaECola: compositeQr(rec, cob) };
    }
    view.solicitacao = [...solicRecs.values()].filter((s) => s.idRec === rec.idRec).map(copy);
    if (view.solicitacao.length === 0) delete view.solicitacao;
    return view;
  }

  function createRec(body: Json): Answer {
    if (!body?.vinculo?.devedor || !body?.calendario?.periodicidade)
      return invalid('RecOperacaoInvalida', 'A recorrência não respeita o schema.');
    let loc: Json | undefined;
    if (body.loc !== undefined) {
      loc = locs.get(Number(body.loc));
      if (!loc) return invalid('RecOperacaoInvalida', 'location não encontrada');
      if (loc.idRec) return invalid('RecOperacaoInvalida', 'location já vinculada a outra recorrência');
    }
    const txid = body.ativacao?.dadosJornada?.txid;
    if (txid && !deps.cobs.has(txid))
      return invalid('RecOperacaoInvalida', 'cobrança da jornada 3 não encontrada');
    const now = deps.now();
    const allowsRetries = body.politicaRetentativa === 'PERMITE_3R_7D';
    const idRec = `R${allowsRetries ? 'R' : 'N'}${ispb}${now.toISOString().slice(0, 10).replace(/-/g, '')}${alphanumeric(11)}`;
    const rec: Json = {
      idRec,
      vinculo: body.vinculo,
      calendario: body.calendario,
      ...(body.valor ? { valor: body.valor } : {}),
      politicaRetentativa: body.politicaRetentativa,
      recebedor: deps.recebedor,
      status: 'CRIADA',
      atualizacao: [{ status: 'CRIADA', data: now.toISOString() }],
      ativacao: { tipoJornada: 'AGUARDANDO_DEFINICAO', ...(txid ? { dadosJornada: { txid } } : {}) },
    };
    if (loc) {
      loc.idRec = idRec;
      rec.loc = loc;
    }
    recs.set(idRec, rec);
    return ok(201, rec);
  }

  function listRecs(query: Record<string, string>): Answer {
    const inicio = Date.parse(query.inicio ?? '');
    const fim = Date.parse(query.fim ?? '');
    if (Number.isNaN(inicio) || Number.isNaN(fim) || fim < inicio)
      return {
        status: 400,
        body: deps.problem('ConsultaInvalida', 'Consulta inválida', 400),
        documented: false,
      };
    const page = Number(query['paginacao.paginaAtual'] ?? 0);
    const perPage = Number(query['paginacao.itensPorPagina'] ?? 100);
    const found = [...recs.values()].filter((rec) => {
      const at = Date.parse(rec.atualizacao[0].data);
      const devedor = rec.vinculo.devedor;
      return (
        at >= inicio &&
        at <= fim &&
        (!query.cpf || devedor.cpf === query.cpf) &&
        (!query.cnpj || devedor.cnpj === query.cnpj)
      );
    });
    return ok(200, {
      parametros: {
        inicio: query.inicio,
        fim: query.fim,
        ...(query.cpf ? { cpf: query.cpf } : {}),
        ...(query.cnpj ? { cnpj: query.cnpj } : {}),
        paginacao: {
          paginaAtual: page,
          itensPorPagina: perPage,
          quantidadeDePaginas: Math.max(1, Math.ceil(found.length / perPage)),
          quantidadeTotalDeItens: found.length,
        },
      },
      recs: found.slice(page * perPage, (page + 1) * perPage).map((rec) => {
        const view = recView(rec);
        delete view.dadosQR;
        return view;
      }),
    });
  }

  /** Ends the recurrence's open cycle charges with it. */
  function cancelOpenCobrs(idRec: string, solicitante: string) {
    const changed: Json[] = [];
    for (const cobr of cobrs.values())
      if (cobr.idRec === idRec && (cobr.status === 'ATIVA' || cobr.status === 'CRIADA')) {
        setCobrStatus(cobr, 'CANCELADA');
        cobr.encerramento = {
          cancelamento: { solicitante, codigo: 'CCLD', descricao: 'Recorrência cancelada' },
        };
        for (const tentativa of cobr.tentativas ?? [])
          if (tentativa.status === 'AGENDADA' || tentativa.status === 'SOLICITADA') {
            tentativa.status = 'CANCELADA';
            tentativa.atualizacao.push({ status: 'CANCELADA', data: stamp() });
          }
        changed.push(cobr);
      }
    return changed;
  }

  function patchRec(rec: Json, body: Json): Answer {
    if (body?.status !== 'CANCELADA') return invalid('RecOperacaoInvalida', 'só o cancelamento é aceito');
    if (rec.status !== 'CRIADA' && rec.status !== 'APROVADA')
      return invalid('RecOperacaoInvalida', `a recorrência está ${rec.status}`);
    setRecStatus(rec, 'CANCELADA');
    rec.encerramento = {
      cancelamento: {
        solicitante: 'USUARIO_RECEBEDOR',
        codigo: 'SLCR',
        descricao: 'Cancelada pelo usuário recebedor',
      },
    };
    cancelOpenCobrs(rec.idRec, 'USUARIO_RECEBEDOR');
    return ok(200, rec);
  }

  function createSolicRec(body: Json): Answer {
    const rec = recs.get(body?.idRec);
    if (!rec) return notFound('Recorrência');
    if (rec.status !== 'CRIADA')
      return invalid('SolicRecOperacaoInvalida', `a recorrência está ${rec.status}`);
    if ([...solicRecs.values()].some((s) => s.idRec === rec.idRec && s.status !== 'CANCELADA'))
      return invalid('SolicRecOperacaoInvalida', 'a recorrência já tem uma solicitação');
    const now = deps.now();
    const idSolicRec = `SC${ispb}${now.toISOString().slice(0, 10).replace(/-/g, '')}${alphanumeric(11)}`;
    const solicRec: Json = {
      idSolicRec,
      idRec: rec.idRec,
      calendario: body.calendario,
      destinatario: body.destinatario,
      status: 'ENVIADA',
      atualizacao: [
        { status: 'CRIADA', data: now.toISOString() },
        { status: 'ENVIADA', data: now.toISOString() },
      ],
      recPayload: {
        idRec: rec.idRec,
        vinculo: rec.vinculo,
        calendario: rec.calendario,
        ...(rec.valor ? { valor: rec.valor } : {}),
        politicaRetentativa: rec.politicaRetentativa,
        recebedor: { ...deps.recebedor, ispbParticipante: ispb },
        atualizacao: rec.atualizacao,
      },
    };
    solicRecs.set(idSolicRec, solicRec);
    return ok(201, solicRec);
  }

  function cobrView(cobr: Json) {
    return copy(cobr);
  }

  function putCobr(txid: string, body: Json): Answer {
    const existing = cobrs.get(txid);
    if (existing) {
      const same =
        existing.idRec === body?.idRec &&
        existing.calendario.dataDeVencimento === body?.calendario?.dataDeVencimento &&
        existing.valor.original === body?.valor?.original;
      return same ? ok(201, cobrView(existing)) : invalid('CobROperacaoInvalida', 'a cobrança já existe');
    }
    const rec = recs.get(body?.idRec);
    if (!rec) return invalid('CobROperacaoInvalida', 'recorrência não encontrada');
    if (rec.status !== 'APROVADA') return invalid('CobROperacaoInvalida', `a recorrência está ${rec.status}`);
    const due = String(body.calendario?.dataDeVencimento ?? '');
    const day = today();
    if (!(addDays(due, -10) <= day && day <= addDays(due, -2)))
      return invalid('CobROperacaoInvalida', 'a cobrança deve ser criada de 10 a 2 dias antes do vencimento');
    const now = deps.now();
    const cobr: Json = {
      idRec: rec.idRec,
      txid,
      ...(body.infoAdicional ? { infoAdicional: body.infoAdicional } : {}),
      calendario: { criacao: day, dataDeVencimento: due },
      valor: { original: body.valor.original },
      ajusteDiaUtil: body.ajusteDiaUtil,
      recebedor: { ...deps.recebedor, ...body.recebedor },
      politicaRetentativa: rec.politicaRetentativa,
      status: 'ATIVA',
      atualizacao: [
        { status: 'CRIADA', data: now.toISOString() },
        { status: 'ATIVA', data: now.toISOString() },
      ],
      tentativas: [
        {
          dataLiquidacao: due,
          tipo: 'AGND',
          status: 'AGENDADA',
          endToEndId: endToEndId(now),
          atualizacao: [
            { status: 'SOLICITADA', data: now.toISOString() },
            { status: 'AGENDADA', data: now.toISOString() },
          ],
        },
      ],
    };
    cobrs.set(txid, cobr);
    return ok(201, cobr);
  }

  function retry(cobr: Json, date: string): Answer {
    const problem = (detail: string) => invalid('CobROperacaoInvalida', detail);
    if (cobr.politicaRetentativa !== 'PERMITE_3R_7D')
      return problem('A política configurada na recorrência não permite retentativa de cobrança.');
    if (cobr.status !== 'ATIVA') return problem(`a cobrança está ${cobr.status}`);
    const tentativas = cobr.tentativas as Json[];
    const last = tentativas.at(-1)!;
    if (last.status !== 'REJEITADA') return problem('a última tentativa não falhou');
    if (tentativas.length - 1 >= 3) return problem('as 3 retentativas já foram feitas');
    const due = cobr.calendario.dataDeVencimento;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date <= due || date > addDays(due, 7))
      return problem('a data deve estar nos 7 dias após o vencimento');
    if (date <= today() || date <= last.dataLiquidacao)
      return problem('a data deve ser posterior a hoje e à última tentativa');
    const now = deps.now();
    tentativas.push({
      dataLiquidacao: date,
      tipo: 'RIFL',
      status: 'AGENDADA',
      endToEndId: endToEndId(now),
      atualizacao: [
        { status: 'SOLICITADA', data: now.toISOString() },
        { status: 'AGENDADA', data: now.toISOString() },
      ],
    });
    return ok(201, cobr);
  }

  /** The API calls; null when the path is not Pix Automático's. */
  function handle(method: string, apiPath: string, query: Record<string, string>, body: Json): Answer | null {
    if (apiPath === '/locrec') {
      if (method !== 'POST') return undocumented();
      const id = locSeq++;
      const loc = {
        id,
        location: `${deps.host()}/qr/v2/rec/${alphanumeric(32).toLowerCase()}`,
        tipo: 'rec',
        criacao: stamp(),
      };
      locs.set(id, loc);
      return ok(201, loc);
    }
    const locMatch = /^\/locrec\/(\d+)$/.exec(apiPath);
    if (locMatch) {
      if (method !== 'GET') return undocumented();
      const loc = locs.get(Number(locMatch[1]));
      return loc ? ok(200, loc) : notFound('Location');
    }
    if (apiPath === '/rec') {
      if (method === 'POST') return createRec(body);
      if (method === 'GET') return listRecs(query);
      return undocumented();
    }
    const recMatch = /^\/rec\/([^/]+)$/.exec(apiPath);
    if (recMatch) {
      const rec = recs.get(decodeURIComponent(recMatch[1]!));
      if (method === 'GET') return rec ? ok(200, recView(rec, query.txid)) : notFound('Recorrência');
      if (method === 'PATCH') return rec ? patchRec(rec, body) : notFound('Recorrência');
      return undocumented();
    }
    if (apiPath === '/solicrec') return method === 'POST' ? createSolicRec(body) : undocumented();
    const solicMatch = /^\/solicrec\/([^/]+)$/.exec(apiPath);
    if (solicMatch) {
      if (method !== 'GET') return undocumented();
      const solicRec = solicRecs.get(decodeURIComponent(solicMatch[1]!));
      return solicRec ? ok(200, solicRec) : notFound('Solicitação');
    }
    const retryMatch = /^\/cobr\/([^/]+)\/retentativa\/([^/]+)$/.exec(apiPath);
    if (retryMatch) {
      if (method !== 'POST') return undocumented();
      const cobr = cobrs.get(decodeURIComponent(retryMatch[1]!));
      return cobr ? retry(cobr, decodeURIComponent(retryMatch[2]!)) : notFound('Cobrança');
    }
    const cobrMatch = /^\/cobr\/([^/]+)$/.exec(apiPath);
    if (cobrMatch) {
      const txid = decodeURIComponent(cobrMatch[1]!);
      const cobr = cobrs.get(txid);
      if (method === 'PUT') return putCobr(txid, body);
      if (method === 'GET') return cobr ? ok(200, cobrView(cobr)) : notFound('Cobrança');
      if (method === 'PATCH') {
        if (!cobr) return notFound('Cobrança');
        if (body?.status !== 'CANCELADA' || cobr.status !== 'ATIVA')
          return invalid('CobROperacaoInvalida', `a cobrança está ${cobr.status}`);
        setCobrStatus(cobr, 'CANCELADA');
        cobr.encerramento = {
          cancelamento: {
            solicitante: 'USUARIO_RECEBEDOR',
            codigo: 'SLCR',
            descricao: 'Cancelada pelo recebedor',
          },
        };
        return ok(200, cobr);
      }
      return undocumented();
    }
    return null;
  }

  const needRec = (idRec: string, status: string) => {
    const rec = recs.get(idRec);
    if (rec?.status !== status)
      throw new Error(`fake PSP: recurrence ${idRec} is ${rec?.status ?? 'unknown'}, not ${status}`);
    return rec;
  };

  return {
    handle,
    recs,
    cobrs,
    solicRecs,
    /**
     * The payer authorizes in their bank app: APROVADA, by the journey its creation prepared (3:
     * the linked immediate charge is paid, and notified, first).
     */
    async authorize(idRec: string, payer: { ispbParticipante?: string } = {}) {
      const rec = needRec(idRec, 'CRIADA');
      const txid: string | undefined = rec.ativacao.dadosJornada?.txid;
      if (txid) await deps.payCob(txid);
      const solicRec = [...solicRecs.values()].find((s) => s.idRec === idRec && s.status === 'ENVIADA');
      if (solicRec) {
        solicRec.status = 'ACEITA';
        solicRec.atualizacao.push({ status: 'ACEITA', data: stamp() });
      }
      const devedor = rec.vinculo.devedor;
      rec.pagador = {
        ispbParticipante: payer.ispbParticipante ?? '87654321',
        ...(devedor.cpf ? { cpf: devedor.cpf } : { cnpj: devedor.cnpj }),
        codMun: '3550308',
      };
      rec.ativacao = txid
        ? { tipoJornada: 'JORNADA_3', dadosJornada: { txid } }
        : { tipoJornada: solicRec ? 'JORNADA_1' : 'JORNADA_2' };
      setRecStatus(rec, 'APROVADA');
      await deps.notifyRec(recNotification(rec));
    },
    /** The payer declines the authorization. */
    async decline(idRec: string) {
      const rec = needRec(idRec, 'CRIADA');
      setRecStatus(rec, 'REJEITADA');
      rec.encerramento = { rejeicao: { codigo: 'AP13', descricao: 'Recusada pelo usuário pagador' } };
      for (const solicRec of solicRecs.values())
        if (solicRec.idRec === idRec && solicRec.status === 'ENVIADA') {
          solicRec.status = 'REJEITADA';
          solicRec.atualizacao.push({ status: 'REJEITADA', data: stamp() });
        }
      await deps.notifyRec(recNotification(rec));
    },
    /** The payer cancels an authorized recurrence in their bank app; its open charges end with it. */
    async payerCancels(idRec: string) {
      const rec = needRec(idRec, 'APROVADA');
      setRecStatus(rec, 'CANCELADA');
      rec.encerramento = {
        cancelamento: {
          solicitante: 'USUARIO_PAGADOR',
          codigo: 'SLDB',
          descricao: 'Cancelada pelo usuário pagador',
        },
      };
      await deps.notifyRec(recNotification(rec));
      for (const cobr of cancelOpenCobrs(idRec, 'USUARIO_PAGADOR'))
        await deps.notifyCobr(cobrNotification(cobr));
    },
    /** The next debit (`debit` without an outcome) fails. */
    failNextDebit() {
      failNextDebit = true;
    },
    /**
     * The charge's scheduled attempt settles now (whatever its date): paid (CONCLUIDA with its Pix)
     * or failed (REJEITADA attempt; the charge stays ATIVA while a retry is allowed).
     */
    async debit(txid: string, outcome?: 'paid' | 'failed') {
      const cobr = cobrs.get(txid);
      const attempt = (cobr?.tentativas as Json[] | undefined)?.at(-1);
      if (cobr?.status !== 'ATIVA' || attempt?.status !== 'AGENDADA')
        throw new Error(`fake PSP: charge ${txid} has no attempt scheduled`);
      const result = outcome ?? (failNextDebit ? 'failed' : 'paid');
      failNextDebit = false;
      const at = stamp();
      if (result === 'paid') {
        attempt.status = 'PAGA';
        attempt.atualizacao.push({ status: 'PAGA', data: at });
        cobr.pix = [{ endToEndId: attempt.endToEndId, txid, valor: cobr.valor.original, horario: at }];
        setCobrStatus(cobr, 'CONCLUIDA');
      } else {
        attempt.status = 'REJEITADA';
        attempt.atualizacao.push({ status: 'REJEITADA', data: at });
        attempt.rejeicao = { codigo: 'AM02', descricao: 'Débito não realizado' };
        const retries = cobr.tentativas.length - 1;
        if (cobr.politicaRetentativa !== 'PERMITE_3R_7D' || retries >= 3) setCobrStatus(cobr, 'EXPIRADA');
      }
      await deps.notifyCobr(cobrNotification(cobr));
    },
  };
}

export type FakeRecurrences = ReturnType<typeof createFakeRecurrences>;
