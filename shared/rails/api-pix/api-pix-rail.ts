// The API Pix rail: the Central Bank's standard API that every Pix PSP exposes to merchants.
// One immediate charge (`cob`) per transaction, created with an idempotent PUT under a txid
// derived from the transaction; its status read with GET; closed with PATCH. The PSP's
// notification only makes us look sooner (see shared/transactions/pix-notification.ts).
import { log } from '../../log.ts';
import type { TransactionRecord } from '../../transactions/transaction.ts';
import { buildDynamicBrCode, parseDynamicBrCode } from '../br-code.ts';
import { formatEmvAmount } from '../emv-qr.ts';
import {
  type ChargeRef,
  type ChargeRequest,
  type CloseReason,
  type CloseResult,
  type InstructionResult,
  type ListingPage,
  type ListingWindow,
  type PaymentListing,
  type Rail,
  type RailPayment,
  type RailPaymentStatus,
  RailRejectedError,
} from '../rail-port.ts';
import {
  type ApiPixClient,
  type Cob,
  type CobRequest,
  createApiPixClient,
  PspRejectedError,
} from './api-pix-client.ts';
import type { ApiPixConfig } from './api-pix-config.ts';
import { loadApiPixSecrets } from './api-pix-secrets.ts';
import { findPixCharges, keepPixChargeReference } from './pix-charges.ts';
import { apiPixRailName, transactionIdInTxid, txidFor } from './txid.ts';

export { apiPixRailName, txidFor };

/** API Pix's `solicitacaoPagador` holds 140 characters; `devedor.nome` 200. */
export function cobRequestFor(transaction: TransactionRecord, chave: string): CobRequest {
  const document = transaction.pix?.payerDocument ?? transaction.payer.document;
  const nome = Array.from(transaction.payer.name).slice(0, 200).join('');
  return {
    calendario: { expiracao: transaction.pix?.expiresIn ?? 86_400 },
    devedor: document.length === 11 ? { cpf: document, nome } : { cnpj: document, nome },
    valor: { original: formatEmvAmount(transaction.amount) },
    chave,
    solicitacaoPagador: Array.from(transaction.description).slice(0, 140).join(''),
  };
}

function expiresAtOf(cob: Cob): string {
  return new Date(
    Date.parse(cob.calendario.criacao) + (cob.calendario.expiracao ?? 86_400) * 1000,
  ).toISOString();
}

/** The cob's payment: its first Pix's time and end-to-end id (a cob is paid by one Pix). */
function paymentOf(cob: Cob, now: Date): RailPayment {
  const first = (cob.pix ?? []).find((pix) => pix.endToEndId);
  return { paidAt: paidAtOf(cob, now), ...(first ? { railReference: first.endToEndId } : {}) };
}

function paidAtOf(cob: Cob, now: Date): string {
  const times = (cob.pix ?? []).map((pix) => pix.horario).filter((t) => !Number.isNaN(Date.parse(t)));
  if (times.length === 0) return now.toISOString();
  return new Date(Math.min(...times.map((t) => Date.parse(t)))).toISOString();
}

export function createApiPixRail(
  config: ApiPixConfig,
  client: ApiPixClient = createApiPixClient(config, () => loadApiPixSecrets(config)),
): Rail & PaymentListing {
  /** The payload the payer scans: the PSP's own when it sent a valid one, else ours from the location. */
  function brCodeOf(cob: Cob): string | null {
    const amountCents = Math.round(Number(cob.valor.original) * 100);
    if (cob.pixCopiaECola) {
      try {
        const parsed = parseDynamicBrCode(cob.pixCopiaECola);
        if (parsed.amountCents === null || parsed.amountCents === amountCents) return cob.pixCopiaECola;
      } catch {
        // Not a dynamic BR Code we can vouch for: build one from the location instead.
      }
    }
    if (!cob.location) return null;
    return buildDynamicBrCode({
      location: cob.location,
      amountCents,
      merchantName: config.merchantName,
      merchantCity: config.merchantCity,
    });
  }

  const rail = {
    name: apiPixRailName,
    // The PSP notifies `{webhookUrl}/pix` and lists every Pix received (`GET /pix`).
    reports: ['push', 'listing'] as const,

    async registerCharge({ transaction }: ChargeRequest, _now: Date, answerBy: number): Promise<void> {
      const ref = { accountId: transaction.accountId, transactionId: transaction.id };
      const txid = txidFor(ref);
      // The notification names only the txid: keep the way back to the transaction first.
      await keepPixChargeReference(ref, txid);
      try {
        await client.createCob(txid, cobRequestFor(transaction, config.chave), answerBy);
      } catch (error) {
        if (!(error instanceof PspRejectedError)) throw error;
        // A repeated create of a charge that already exists may be refused: the charge is there.
        const existing = await client.getCob(txid, answerBy);
        if (existing && Math.round(Number(existing.valor.original) * 100) === transaction.amount) return;
        throw new RailRejectedError(
          `the PSP refused the charge: ${error.problem.title}${error.problem.detail ? ` (${error.problem.detail})` : ''}`,
        );
      }
    },

    async fetchInstruction(charge: ChargeRef, _now: Date, answerBy: number): Promise<InstructionResult> {
      const cob = await client.getCob(txidFor(charge), answerBy);
      if (!cob) return { ready: false };
      const qr = brCodeOf(cob);
      if (!qr) return { ready: false };
      return { ready: true, instruction: { type: 'QR', qr }, expiresAt: expiresAtOf(cob) };
    },

    async fetchPaymentStatus(charge: ChargeRef, now: Date, answerBy: number): Promise<RailPaymentStatus> {
      const cob = await client.getCob(txidFor(charge), answerBy);
      if (!cob) return { status: 'PENDING' };
      if (cob.status === 'CONCLUIDA') return { status: 'PAID', ...paymentOf(cob, now) };
      // ATIVA also past its expiry: API Pix has no expired status, so the payment job closes
      // the charge (closeCharge) at the transaction's deadline, and only then expires it.
      if (cob.status === 'ATIVA') return { status: 'PENDING' };
      return { status: 'CLOSED' };
    },

    /** `GET /pix` for the window: the Pix that name a charge of ours (by its txid). */
    async listPayments(
      window: ListingWindow,
      _now: Date,
      answerBy: number,
      handled?: ReadonlySet<string>,
    ): Promise<ListingPage> {
      const page = window.page === null ? 0 : Number(window.page);
      const listed = await client.listReceivedPix(window.from, window.to, page, answerBy);
      // A Pix whose transaction the reader handled already needs no lookup: our txids start with it.
      const unhandled = listed.pix.filter((pix) => {
        const transactionId = pix.txid ? transactionIdInTxid(pix.txid) : null;
        return transactionId === null || !handled?.has(transactionId);
      });
      const references = await findPixCharges(unhandled.flatMap((pix) => (pix.txid ? [pix.txid] : [])));
      const payments = unhandled.map((pix) => {
        const charge = pix.txid ? references.get(pix.txid) : undefined;
        if (!charge) return null;
        return {
          charge,
          paidAt: new Date(pix.horario).toISOString(),
          railReference: pix.endToEndId,
          amount: Math.round(Number(pix.valor) * 100),
        };
      });
      return {
        payments: payments.filter((payment) => payment !== null),
        leftOutAsHandled: listed.pix.length - unhandled.length,
        nextPage: listed.paginaAtual + 1 < listed.quantidadeDePaginas ? String(listed.paginaAtual + 1) : null,
      };
    },

    async closeCharge(
      charge: ChargeRef,
      reason: CloseReason,
      now: Date,
      answerBy: number,
    ): Promise<CloseResult> {
      const txid = txidFor(charge);
      try {
        const cob = await client.removeCob(txid, answerBy);
        if (cob.status === 'CONCLUIDA') return { outcome: 'paid', ...paymentOf(cob, now) };
        log.info('pix charge closed', { transactionId: charge.transactionId, reason });
        return { outcome: 'closed' };
      } catch (error) {
        if (!(error instanceof PspRejectedError)) throw error;
        // Only a charge that is no longer ATIVA is refused: it was paid or already removed.
        const cob = await client.getCob(txid, answerBy);
        if (cob?.status === 'CONCLUIDA') return { outcome: 'paid', ...paymentOf(cob, now) };
        if (cob && cob.status !== 'ATIVA') return { outcome: 'closed' };
        if (!cob) return { outcome: 'closed' };
        throw error;
      }
    },
  };
  return rail;
}
