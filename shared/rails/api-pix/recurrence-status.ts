// What a Pix Automático recurrence (`rec`) and a cycle charge (`cobr`) read by GET mean for a
// subscription and its cycle's transaction. Only these readings change our state: a PSP
// notification merely makes us read sooner.
import type { CobR, Rec, Solicitante } from './pix-automatico-types.ts';

export type RecurrenceStatus = 'PENDING_AUTHORIZATION' | 'ACTIVE' | 'CANCELED' | 'EXPIRED';
export type RecurrenceEndReason =
  | 'PAYER_DECLINED'
  | 'PAYER_CANCELED'
  | 'MERCHANT_CANCELED'
  | 'PSP_CANCELED'
  | 'AUTHORIZATION_EXPIRED';

export interface RecurrenceState {
  status: RecurrenceStatus;
  /** Why it ended (CANCELED, EXPIRED); null while it runs or waits. */
  reason: RecurrenceEndReason | null;
  /** The PSP's own words for the end, when it gave them. */
  detail: string | null;
}

const canceledBy: Readonly<Record<Solicitante, RecurrenceEndReason>> = {
  USUARIO_PAGADOR: 'PAYER_CANCELED',
  PSP_PAGADOR: 'PAYER_CANCELED',
  USUARIO_RECEBEDOR: 'MERCHANT_CANCELED',
  PSP_RECEBEDOR: 'PSP_CANCELED',
};

/**
 * CRIADA waits for the payer; APROVADA runs; a payer who declines (REJEITADA) never authorized,
 * like one who let it expire (EXPIRADA): EXPIRED, with the reason; CANCELADA ends it with who
 * asked (a payer's bank canceling is the payer's doing).
 */
export function recurrenceStateOf(rec: Pick<Rec, 'status' | 'encerramento'>): RecurrenceState {
  switch (rec.status) {
    case 'CRIADA':
      return { status: 'PENDING_AUTHORIZATION', reason: null, detail: null };
    case 'APROVADA':
      return { status: 'ACTIVE', reason: null, detail: null };
    case 'REJEITADA':
      return {
        status: 'EXPIRED',
        reason: 'PAYER_DECLINED',
        detail: rec.encerramento?.rejeicao?.descricao ?? null,
      };
    case 'EXPIRADA':
      return { status: 'EXPIRED', reason: 'AUTHORIZATION_EXPIRED', detail: null };
    case 'CANCELADA': {
      const cancelamento = rec.encerramento?.cancelamento;
      return {
        status: 'CANCELED',
        // Without the PSP's cancelamento we cannot tell who asked: the PSP did, as far as we know.
        reason: cancelamento ? canceledBy[cancelamento.solicitante] : 'PSP_CANCELED',
        detail: cancelamento?.descricao ?? null,
      };
    }
  }
}

export type CycleChargeStatus = 'PENDING' | 'PAID' | 'FAILED' | 'CANCELED';

export interface CycleChargeState {
  /** The cycle transaction's status (shared/transactions' names). */
  status: CycleChargeStatus;
  /** PENDING after a debit that failed: the subscription is PAST_DUE until a retry is paid. */
  lastDebitFailed: boolean;
  /** The settlement dates of the attempts so far (the retry rule counts them). */
  attempts: string[];
  paid: { paidAt: string; endToEndId: string } | null;
  /** Why a FAILED or CANCELED charge ended (the PSP's code and words). */
  detail: string | null;
}

/**
 * CRIADA and ATIVA wait for the debit (a failed attempt leaves the charge ATIVA while retries
 * are allowed); CONCLUIDA is paid; REJEITADA (a final refusal) and EXPIRADA (no retry left or
 * asked for in time) failed; CANCELADA was canceled by either side.
 */
export function cycleChargeStateOf(
  cobr: Pick<CobR, 'status' | 'tentativas' | 'pix' | 'encerramento'>,
): CycleChargeState {
  const tentativas = cobr.tentativas ?? [];
  const attempts = tentativas.map((t) => t.dataLiquidacao);
  const last = tentativas.at(-1);
  const pix = cobr.pix?.[0];
  const ending = cobr.encerramento?.rejeicao ?? cobr.encerramento?.cancelamento ?? last?.rejeicao;
  const detail = ending ? `${ending.codigo}: ${ending.descricao}` : null;
  switch (cobr.status) {
    case 'CRIADA':
    case 'ATIVA':
      return {
        status: 'PENDING',
        lastDebitFailed: last?.status === 'REJEITADA' || last?.status === 'EXPIRADA',
        attempts,
        paid: null,
        detail: null,
      };
    case 'CONCLUIDA':
      return {
        status: 'PAID',
        lastDebitFailed: false,
        attempts,
        paid: pix ? { paidAt: new Date(pix.horario).toISOString(), endToEndId: pix.endToEndId } : null,
        detail: null,
      };
    case 'REJEITADA':
    case 'EXPIRADA':
      return { status: 'FAILED', lastDebitFailed: true, attempts, paid: null, detail };
    case 'CANCELADA':
      return { status: 'CANCELED', lastDebitFailed: false, attempts, paid: null, detail };
  }
}
