// The messages that drive background work, one queue each. Every job names the transaction;
// workers reload it and decide from its current state, so a duplicate job does no harm.
import { sendMessage } from '../aws/queue.ts';

export interface InstructionJob {
  accountId: string;
  transactionId: string;
  /** Rail polls already made for this job (drives the backoff). */
  attempt?: number;
  /** The work-index due time this job's chain set last (see postponeWork). */
  workDueAt?: string;
}

export interface PaymentJob {
  accountId: string;
  transactionId: string;
  /** `poll`: part of the backoff chain, reschedules itself; `notify`: a one-off look (the rail said something changed). */
  mode: 'poll' | 'notify';
  attempt?: number;
  /** The work-index due time this job's chain set last (see postponeWork). */
  workDueAt?: string;
}

export interface DeliveryJob {
  accountId: string;
  transactionId: string;
  eventKind: 'cashin.paid';
  /** Delivery attempts already made. */
  attempt?: number;
  /** Epoch ms before which the attempt must not run (delays longer than SQS's 15 min are chained). */
  notBefore?: number;
}

export const enqueueInstructionJob = (job: InstructionJob, delaySeconds = 0) =>
  sendMessage('instructions', job, { delaySeconds });
export const enqueuePaymentJob = (job: PaymentJob, delaySeconds = 0) =>
  sendMessage('payments', job, { delaySeconds });
export const enqueueDeliveryJob = (job: DeliveryJob, delaySeconds = 0) =>
  sendMessage('webhooks', job, { delaySeconds });
