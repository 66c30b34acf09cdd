// Pix Automático on the standard API Pix: the PixAutomaticoPort over the same OAuth + mutual
// TLS client as the immediate charges (api-pix-client.ts). `/locrec`, `/rec` and `/solicrec`
// are POSTs under ids the PSP makes, so a repeated createRecurrence first looks for the
// recurrence it may already have made (`GET /rec` of the payer, matched by vinculo.contrato);
// cycle charges are `PUT /cobr/{txid}` under a txid derived from (subscription, cycle).
import {
  type ApiPixClient,
  type Cob,
  chargeScopes,
  createApiPixClient,
  PspRejectedError,
  problemOf,
} from './api-pix-client.ts';
import type { ApiPixConfig } from './api-pix-config.ts';
import { loadApiPixSecrets } from './api-pix-secrets.ts';
import { cycleChargeWindow, isInsideCycleChargeWindow } from './cycle-charge-window.ts';
import { cycleTxidFor } from './cycle-txid.ts';
import type { CobR, Rec, SolicRec } from './pix-automatico-types.ts';
import { type PspResponse, PspUnavailableError } from './psp-http.ts';
import { type Journey, journeyFor } from './recurrence-journey.ts';
import {
  type CreatedRecurrence,
  CycleChargeOutsideWindowError,
  type CycleChargeReading,
  type PixAutomaticoPort,
  type RecurrenceReading,
} from './recurrence-port.ts';
import {
  cobrRequestFor,
  contractFor,
  devedorFor,
  recRequestFor,
  solicRecRequestFor,
} from './recurrence-request.ts';
import { type CycleChargeState, cycleChargeStateOf, recurrenceStateOf } from './recurrence-status.ts';

/** The OAuth scopes of Pix Automático and of registering the PSP's notifications. */
export const recurrenceScopes = [
  ...chargeScopes,
  'payloadlocationrec.write',
  'payloadlocationrec.read',
  'rec.write',
  'rec.read',
  'solicrec.write',
  'solicrec.read',
  'cobr.write',
  'cobr.read',
  'webhook.write',
  'webhook.read',
  'webhookrec.write',
  'webhookrec.read',
  'webhookcobr.write',
  'webhookcobr.read',
] as const;

/** How far around the subscription's creation a repeated call looks for its recurrence. */
const searchMarginMs = 10 * 60_000;

function answerOf<T>(operation: string, response: PspResponse, ok: number[]): T {
  if (!ok.includes(response.status)) throw new PspRejectedError(operation, problemOf(response));
  return JSON.parse(response.text) as T;
}

/** Which journey a recurrence was made for: 3 names its immediate charge, 2 has a location, 1 neither. */
function journeyOfRec(rec: Rec): Journey {
  if (rec.ativacao?.dadosJornada?.txid) return 3;
  return rec.loc ? 2 : 1;
}

function readingOf(rec: Rec): RecurrenceReading {
  return {
    idRec: rec.idRec,
    state: recurrenceStateOf(rec),
    firstChargeTxid: rec.ativacao?.dadosJornada?.txid ?? null,
  };
}

function cycleChargeReadingOf(cobr: CobR): CycleChargeReading {
  return {
    txid: cobr.txid,
    idRec: cobr.idRec,
    dueDate: cobr.calendario.dataDeVencimento,
    ...cycleChargeStateOf(cobr),
  };
}

/** Journey 3's immediate charge read as a cycle charge: paid, waiting, or closed unpaid. */
function firstChargeStateOf(cob: Cob): CycleChargeState {
  const pix = cob.pix?.[0];
  if (cob.status === 'CONCLUIDA')
    return {
      status: 'PAID',
      lastDebitFailed: false,
      attempts: [],
      paid: pix ? { paidAt: new Date(pix.horario).toISOString(), endToEndId: pix.endToEndId } : null,
      detail: null,
    };
  if (cob.status === 'ATIVA')
    return { status: 'PENDING', lastDebitFailed: false, attempts: [], paid: null, detail: null };
  return { status: 'CANCELED', lastDebitFailed: false, attempts: [], paid: null, detail: cob.status };
}

export function createRecurrenceClient(
  config: ApiPixConfig,
  client: ApiPixClient = createApiPixClient(config, () => loadApiPixSecrets(config), recurrenceScopes),
): PixAutomaticoPort {
  const recPath = (idRec: string) => `/rec/${encodeURIComponent(idRec)}`;
  const cobrPath = (txid: string) => `/cobr/${encodeURIComponent(txid)}`;

  async function readRec(idRec: string, answerBy: number, txid?: string): Promise<Rec | null> {
    const query = txid ? `?${new URLSearchParams({ txid })}` : '';
    const response = await client.send('GET', `${recPath(idRec)}${query}`, answerBy);
    if (response.status === 404) return null;
    return answerOf<Rec>('GET /rec', response, [200]);
  }

  /** The recurrence of this contract the payer has from around `requestedAt`, if one was made. */
  async function findRec(
    contract: string,
    document: string,
    requestedAt: Date,
    answerBy: number,
  ): Promise<Rec | null> {
    const query = new URLSearchParams({
      inicio: new Date(requestedAt.getTime() - searchMarginMs).toISOString(),
      fim: new Date(Date.now() + searchMarginMs).toISOString(),
      [document.length === 11 ? 'cpf' : 'cnpj']: document,
      'paginacao.paginaAtual': '0',
      'paginacao.itensPorPagina': '100',
    });
    const response = await client.send('GET', `/rec?${query}`, answerBy);
    const page = answerOf<{ recs?: Rec[] }>('GET /rec', response, [200]);
    return (page.recs ?? []).find((rec) => rec.vinculo?.contrato === contract) ?? null;
  }

  async function readCobr(txid: string, answerBy: number): Promise<CobR | null> {
    const response = await client.send('GET', cobrPath(txid), answerBy);
    if (response.status === 404) return null;
    return answerOf<CobR>('GET /cobr', response, [200]);
  }

  /** The BR Code the PSP composes for the recurrence (with the immediate charge in journey 3). */
  async function qrOf(idRec: string, answerBy: number, txid?: string): Promise<string> {
    const rec = await readRec(idRec, answerBy, txid);
    const qr = rec?.dadosQR?.pixCopiaECola;
    // The PSP composes it once both locations are in place: not there yet is worth another try.
    if (!qr) throw new PspUnavailableError(`GET /rec/${idRec}: no dadosQR.pixCopiaECola yet`);
    return qr;
  }

  return {
    async createRecurrence(input, answerBy): Promise<CreatedRecurrence> {
      let rec = await findRec(
        contractFor(input.subscriptionId),
        input.customer.document,
        input.requestedAt,
        answerBy,
      );
      // A recurrence made by an earlier call keeps the journey it was made for, whatever today is.
      const journey = rec
        ? journeyOfRec(rec)
        : journeyFor({
            firstDueDate: input.firstDueDate,
            today: input.today,
            payerBankAccount: Boolean(input.payerBankAccount),
          });
      const firstChargeTxid = journey === 3 ? cycleTxidFor(input.subscriptionId, 1) : null;
      if (!rec) {
        if (firstChargeTxid)
          // Idempotent by its txid: a crash before POST /rec finds the same charge next time.
          await client.createCob(
            firstChargeTxid,
            {
              calendario: { expiracao: input.firstChargeExpiresIn ?? 86_400 },
              devedor: devedorFor(input.customer),
              valor: { original: recRequestFor(input).valor.valorRec },
              chave: config.chave,
              solicitacaoPagador: Array.from(input.description).slice(0, 140).join(''),
            },
            answerBy,
          );
        let loc: number | undefined;
        if (journey !== 1) {
          // POST /locrec takes no body in the 2.9.0 document (docs/decisions.md).
          const created = answerOf<{ id: number }>(
            'POST /locrec',
            await client.send('POST', '/locrec', answerBy),
            [201],
          );
          loc = created.id;
        }
        const body = recRequestFor(input, {
          ...(loc === undefined ? {} : { loc }),
          ...(firstChargeTxid ? { firstChargeTxid } : {}),
        });
        rec = answerOf<Rec>('POST /rec', await client.send('POST', '/rec', answerBy, body), [201]);
      }
      const state = recurrenceStateOf(rec);
      let solicitationId: string | null = null;
      if (journey === 1 && input.payerBankAccount && state.status === 'PENDING_AUTHORIZATION') {
        solicitationId =
          rec.solicitacao?.[0]?.idSolicRec ??
          answerOf<SolicRec>(
            'POST /solicrec',
            await client.send(
              'POST',
              '/solicrec',
              answerBy,
              solicRecRequestFor(
                rec.idRec,
                { document: input.customer.document, bankAccount: input.payerBankAccount },
                input.authorizationExpiresAt,
              ),
            ),
            [201],
          ).idSolicRec;
      }
      // Once the payer has answered there is nothing left to scan.
      const qr =
        journey === 1 || state.status !== 'PENDING_AUTHORIZATION'
          ? null
          : await qrOf(rec.idRec, answerBy, firstChargeTxid ?? undefined);
      return { idRec: rec.idRec, journey, qr, firstChargeTxid, solicitationId, state };
    },

    async getRecurrence(idRec, answerBy) {
      const rec = await readRec(idRec, answerBy);
      return rec ? readingOf(rec) : null;
    },

    async cancelRecurrence(idRec, answerBy) {
      const response = await client.send('PATCH', recPath(idRec), answerBy, { status: 'CANCELADA' });
      if (response.status === 200) return readingOf(JSON.parse(response.text) as Rec);
      // Refused: maybe because it had already ended (by us before, or by the payer); then that stands.
      const rec = await readRec(idRec, answerBy);
      const state = rec ? recurrenceStateOf(rec) : null;
      if (rec && state && (state.status === 'CANCELED' || state.status === 'EXPIRED')) return readingOf(rec);
      throw new PspRejectedError('PATCH /rec', problemOf(response));
    },

    async getFirstCycleCharge(txid, answerBy) {
      const cob = await client.getCob(txid, answerBy);
      return cob ? firstChargeStateOf(cob) : null;
    },

    async createCycleCharge(input, answerBy) {
      if (!config.receiverAccount)
        throw new Error('Pix Automático needs PIX_API_RECEIVER_CONTA (and _AGENCIA, _TIPO_CONTA)');
      const txid = cycleTxidFor(input.subscriptionId, input.cycle);
      if (!isInsideCycleChargeWindow(input.dueDate, input.today)) {
        // Outside the window only a charge made earlier (inside it) can be answered.
        const existing = await readCobr(txid, answerBy);
        if (existing) return cycleChargeReadingOf(existing);
        throw new CycleChargeOutsideWindowError(input.dueDate, input.today, cycleChargeWindow(input.dueDate));
      }
      const body = cobrRequestFor(input, config.receiverAccount);
      const response = await client.send('PUT', cobrPath(txid), answerBy, body);
      if (response.status === 201 || response.status === 200)
        return cycleChargeReadingOf(JSON.parse(response.text) as CobR);
      // A PSP that refuses a repeated PUT: the charge it already has is the one we asked for.
      const existing = await readCobr(txid, answerBy);
      if (existing && existing.idRec === input.idRec) return cycleChargeReadingOf(existing);
      throw new PspRejectedError('PUT /cobr', problemOf(response));
    },

    async getCycleCharge(txid, answerBy) {
      const cobr = await readCobr(txid, answerBy);
      return cobr ? cycleChargeReadingOf(cobr) : null;
    },

    async retryCycleCharge(txid, date, answerBy) {
      const response = await client.send(
        'POST',
        `${cobrPath(txid)}/retentativa/${encodeURIComponent(date)}`,
        answerBy,
      );
      if (response.status === 201) return cycleChargeReadingOf(JSON.parse(response.text) as CobR);
      // A repeated request for a date already scheduled: the charge as it stands answers it.
      const existing = await readCobr(txid, answerBy);
      if (existing?.tentativas?.some((t) => t.dataLiquidacao === date && t.tipo === 'RIFL'))
        return cycleChargeReadingOf(existing);
      throw new PspRejectedError('POST /cobr/retentativa', problemOf(response));
    },
  };
}
