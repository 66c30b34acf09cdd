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
  type PaidOnRail,
  type PaymentListing,
  type Rail,
  type RailPaymentStatus,
  type RailRefundStatus,
  RailRejectedError,
  type RefundRequest,
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
import { devolucaoIdFor } from './devolucao-id.ts';
import { refundStatusOf } from './devolucao-status.ts';
import { medDisputesOf } from './med-disputes.ts';
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

/** The charge's first Pix: when it was paid and its endToEndId (a devolução names it). */
function paidOf(cob: Cob, now: Date): PaidOnRail {
  const first = (cob.pix ?? [])
    .filter((pix) => !Number.isNaN(Date.parse(pix.horario)))
    .sort((a, b) => Date.parse(a.horario) - Date.parse(b.horario))[0];
  if (!first) return { paidAt: now.toISOString() };
  return { paidAt: new Date(first.horario).toISOString(), paymentId: first.endToEndId };
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

  /** The payer's instruction (the BR Code) of a cob, once the PSP has one. */
  function instructionOf(cob: Cob | null): InstructionResult {
    const qr = cob && brCodeOf(cob);
    if (!cob || !qr) return { ready: false };
    return { ready: true, instruction: { type: 'QR', qr }, expiresAt: expiresAtOf(cob) };
  }

  const rail = {
    name: apiPixRailName,
    // The PSP notifies `{webhookUrl}/pix` and lists every Pix received (`GET /pix`).
    reports: ['push', 'listing'] as const,
    // A paid charge's `pix[].devolucoes` name MED devoluções (shared/rails/api-pix/med-disputes.ts).
    reportsDisputes: true,

    async registerCharge(
      { transaction }: ChargeRequest,
      _now: Date,
      answerBy: number,
    ): Promise<InstructionResult | undefined> {
      const ref = { accountId: transaction.accountId, transactionId: transaction.id };
      const txid = txidFor(ref);
      // The notification names only the txid: keep the way back to the transaction first.
      await keepPixChargeReference(ref, txid);
      try {
        // The created cob carries its BR Code: no second round trip to read it.
        return instructionOf(
          await client.createCob(txid, cobRequestFor(transaction, config.chave), answerBy),
        );
      } catch (error) {
        if (!(error instanceof PspRejectedError)) throw error;
        // A repeated create of a charge that already exists may be refused: the charge is there.
        const existing = await client.getCob(txid, answerBy);
        if (existing && Math.round(Number(existing.valor.original) * 100) === transaction.amount)
          return instructionOf(existing);
        throw new RailRejectedError(
          `the PSP refused the charge: ${error.problem.title}${error.problem.detail ? ` (${error.problem.detail})` : ''}`,
        );
      }
    },

    async fetchInstruction(charge: ChargeRef, _now: Date, answerBy: number): Promise<InstructionResult> {
      return instructionOf(await client.getCob(txidFor(charge), answerBy));
    },

    async fetchPaymentStatus(charge: ChargeRef, now: Date, answerBy: number): Promise<RailPaymentStatus> {
      const cob = await client.getCob(txidFor(charge), answerBy);
      if (!cob) return { status: 'PENDING' };
      if (cob.status === 'CONCLUIDA') {
        const disputes = medDisputesOf(cob.pix ?? []);
        return { status: 'PAID', ...paidOf(cob, now), ...(disputes.length ? { disputes } : {}) };
      }
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
      // A Pix whose transaction the reader handled already needs no lookup: our txids start with
      // it. One with a MED devolução is kept: the devolução may be new.
      const unhandled = listed.pix.filter((pix) => {
        const transactionId = pix.txid ? transactionIdInTxid(pix.txid) : null;
        return transactionId === null || !handled?.has(transactionId) || medDisputesOf([pix]).length > 0;
      });
      const references = await findPixCharges(unhandled.flatMap((pix) => (pix.txid ? [pix.txid] : [])));
      const payments = unhandled.map((pix) => {
        const charge = pix.txid ? references.get(pix.txid) : undefined;
        if (!charge) return null;
        return {
          charge,
          paidAt: new Date(pix.horario).toISOString(),
          paymentId: pix.endToEndId,
          amount: Math.round(Number(pix.valor) * 100),
          disputes: medDisputesOf([pix]),
        };
      });
      return {
        payments: payments.filter((payment) => payment !== null),
        leftOutAsHandled: listed.pix.length - unhandled.length,
        nextPage: listed.paginaAtual + 1 < listed.quantidadeDePaginas ? String(listed.paginaAtual + 1) : null,
      };
    },

    /**
     * A devolução of the charge's Pix under an id derived from the refund: read first (a retry
     * finds the one asked before), asked for with PUT only when the PSP has none. Its status
     * decides (devolucao-status.ts); a PSP refusal of the request is a FAILED refund.
     */
    async refund(request: RefundRequest, now: Date, answerBy: number): Promise<RailRefundStatus> {
      // A transaction paid before the rail kept the endToEndId: its charge's Pix names it.
      const cob = request.paymentId ? null : await client.getCob(txidFor(request.charge), answerBy);
      const e2eid = request.paymentId ?? (cob ? paidOf(cob, now).paymentId : undefined);
      if (!e2eid) return { status: 'FAILED', reason: 'the PSP shows no Pix paid for this charge' };
      const id = devolucaoIdFor(request.refundId);
      const asked = await client.getDevolucao(e2eid, id, answerBy);
      if (asked) return refundStatusOf(asked);
      try {
        const descricao = request.reason ? Array.from(request.reason).slice(0, 140).join('') : undefined;
        return refundStatusOf(
          await client.requestDevolucao(
            e2eid,
            id,
            {
              valor: formatEmvAmount(request.amount),
              natureza: 'ORIGINAL',
              ...(descricao ? { descricao } : {}),
            },
            answerBy,
          ),
        );
      } catch (error) {
        if (!(error instanceof PspRejectedError)) throw error;
        const { title, detail } = error.problem;
        return {
          status: 'FAILED',
          reason: `the PSP refused the devolução: ${title}${detail ? ` (${detail})` : ''}`,
        };
      }
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
        if (cob.status === 'CONCLUIDA') return { outcome: 'paid', ...paidOf(cob, now) };
        log.info('pix charge closed', { transactionId: charge.transactionId, reason });
        return { outcome: 'closed' };
      } catch (error) {
        if (!(error instanceof PspRejectedError)) throw error;
        // Only a charge that is no longer ATIVA is refused: it was paid or already removed.
        const cob = await client.getCob(txid, answerBy);
        if (cob?.status === 'CONCLUIDA') return { outcome: 'paid', ...paidOf(cob, now) };
        if (cob && cob.status !== 'ATIVA') return { outcome: 'closed' };
        if (!cob) return { outcome: 'closed' };
        throw error;
      }
    },
  };
  return rail;
}
