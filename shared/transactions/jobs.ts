// The messages that drive background work, one queue each. Every job names the transaction;
// workers reload it and decide from its current state, so a duplicate job does no harm.
import { sendMessage } from '../aws/queue.ts';
import type { EmailKind } from '../emails/email-kinds.ts';
import type { EventType } from '../events/event-types.ts';

export interface FillInstructionJob {
  accountId: string;
  transactionId: string;
  /** Rail polls already made for this job (drives the backoff). */
  attempt?: number;
  /** The work-index due time this job's chain set last (see postponeWork). */
  workDueAt?: string;
}

export interface WatchPaymentJob {
  accountId: string;
  transactionId: string;
  /** `poll`: part of the backoff chain, reschedules itself; `notify`: a one-off look (the rail said something changed). */
  mode: 'poll' | 'notify';
  attempt?: number;
  /** The work-index due time this job's chain set last (see postponeWork). */
  workDueAt?: string;
}

export interface DeliverEventJob {
  accountId: string;
  transactionId: string;
  eventType: EventType;
  /** The event's subject (a refund's id), for a type that has one. */
  subjectId?: string;
  /** Delivery attempts the event had when this job was sent; another count means another chain moved on. */
  attempt: number;
  /**
   * The owner mark: the event's work-index due time as this job's chain (or the sweep that
   * started it) set it. Only the job whose mark is still on the event may make the next attempt.
   */
  workDueAt: string;
  /** Epoch ms before which the attempt must not run (delays longer than SQS's 15 min are chained). */
  notBefore?: number;
}

export interface SettleRefundJob {
  accountId: string;
  transactionId: string;
  refundId: string;
  /** Rail checks already made for this refund (drives the backoff while it is processing). */
  attempt?: number;
}

export const enqueueFillInstruction = (job: FillInstructionJob, delaySeconds = 0) =>
  sendMessage('fill-instruction', job, { delaySeconds });
export const enqueueWatchPayment = (job: WatchPaymentJob, delaySeconds = 0) =>
  sendMessage('watch-payment', job, { delaySeconds });
export const enqueueDeliverEvent = (job: DeliverEventJob, delaySeconds = 0) =>
  sendMessage('deliver-event', job, { delaySeconds });
export const enqueueSettleRefund = (job: SettleRefundJob, delaySeconds = 0) =>
  sendMessage('settle-refund', job, { delaySeconds });

/** A payer e-mail to send; the e-mail item's status decides, so a duplicate job sends nothing twice. */
export interface SendEmailJob {
  accountId: string;
  transactionId: string;
  kind: EmailKind;
}

export const enqueueSendEmail = (job: SendEmailJob) => sendMessage('send-email', job);
