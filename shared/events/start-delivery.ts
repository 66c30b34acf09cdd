// The first delivery of events a state change has just written. A worker or job that has the
// time makes the first attempt itself, on the event it has just written (no message, no claim:
// about a third of a paid transaction's requests outside the table); otherwise, or when that
// attempt cannot start, the event goes to the delivery queue. The event's owner mark (its
// work-index due time) keeps the sweeper away meanwhile, and starts the chain if both fail.
import { serviceConfig } from '../config.ts';
import { log } from '../log.ts';
import type { EventWrites } from '../store/event-writes.ts';
import { webhookRecordingMarginMs } from '../time-budget.ts';
import { type DeliverEventJob, enqueueDeliverEvent } from '../transactions/jobs.ts';
import type { DeliveryOptions, DeliveryOutcome } from './deliver-event.ts';
import { AttemptNotRecordedError } from './delivery-errors.ts';
import type { EventRecord } from './event.ts';

/** A caller that may make the first delivery attempt itself. */
export interface InlineDelivery {
  /** When the caller's function must be done (epoch ms), to tell whether a webhook POST still fits. */
  endBy: number;
  /** `deliverEvent`, given by the caller, so that a function that never delivers does not bundle it. */
  deliver: (job: DeliverEventJob, now: Date, options: DeliveryOptions) => Promise<DeliveryOutcome>;
}

/** Room for the POST with its whole timeout, and for recording it after. */
export function inlineDeliveryFits(
  inline: Pick<InlineDelivery, 'endBy'> | undefined,
  at = Date.now(),
): boolean {
  return (
    inline !== undefined && at + serviceConfig().webhookTimeoutMs + webhookRecordingMarginMs <= inline.endBy
  );
}

/** True when the first attempt was made (or POSTed and left to the sweeper to record). */
async function deliverHere(
  event: EventRecord,
  job: DeliverEventJob,
  inline: InlineDelivery,
): Promise<boolean> {
  try {
    await inline.deliver(job, new Date(), { fresh: event, endBy: inline.endBy });
    return true;
  } catch (error) {
    if (error instanceof AttemptNotRecordedError) {
      // Sent but not recorded: the sweeper starts the chain again once the mark is due.
      log.error('first webhook attempt not recorded; the sweeper will start the delivery again', {
        eventId: event.eventId,
        error: error.message,
      });
      return true;
    }
    log.warn('first webhook attempt not made here; it goes to the delivery queue', {
      eventId: event.eventId,
      error: (error as Error).message,
    });
    return false;
  }
}

export async function startDelivery(
  written: EventWrites,
  /** Given by a worker or job that may make the first delivery attempt itself. */
  inline?: InlineDelivery,
): Promise<void> {
  for (const event of written.events) {
    const job: DeliverEventJob = {
      accountId: event.accountId,
      transactionId: event.transactionId,
      eventType: event.type,
      ...(event.subjectId ? { subjectId: event.subjectId } : {}),
      attempt: 0,
      workDueAt: written.deliveryDueAt,
    };
    if (inlineDeliveryFits(inline) && (await deliverHere(event, job, inline!))) continue;
    try {
      await enqueueDeliverEvent(job);
    } catch (error) {
      log.warn('delivery job not enqueued; the sweeper will start it', {
        transactionId: event.transactionId,
        eventId: event.eventId,
        error: (error as Error).message,
      });
    }
  }
}
