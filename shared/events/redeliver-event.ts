// POST /events/:id/redeliver: start a new delivery run (a fresh retry schedule) for an event
// whose last run ended (delivered, failed or undeliverable) or that waits for its next retry
// (the run starts now instead). The event id stays the same, so
// receivers deduplicate on webhook-id as usual.
import { serviceConfig } from '../config.ts';
import { conflict, notFound } from '../errors.ts';
import { log } from '../log.ts';
import { findEventById, restartDelivery } from '../store/events.ts';
import { enqueueDeliverEvent } from '../transactions/jobs.ts';

export async function redeliverEvent(
  accountId: string,
  eventId: string,
  now = new Date(),
): Promise<{ id: string; deliveryStatus: 'PENDING' }> {
  const event = await findEventById(accountId, eventId);
  if (!event) throw notFound('event.not_found', `event ${eventId} not found`);
  const dueAt = new Date(now.getTime() + serviceConfig().sweepAfterMs).toISOString();
  if (!(await restartDelivery(event, dueAt)))
    throw conflict(
      'event.delivery_in_progress',
      `event ${eventId} is being attempted right now; try again in a moment`,
    );
  try {
    await enqueueDeliverEvent({
      accountId,
      transactionId: event.transactionId,
      eventType: event.type,
      ...(event.subjectId ? { subjectId: event.subjectId } : {}),
      attempt: event.attemptCount,
      workDueAt: dueAt,
    });
  } catch (error) {
    log.warn('redelivery job not enqueued; the sweeper will start it', {
      eventId,
      error: (error as Error).message,
    });
  }
  return { id: event.eventId, deliveryStatus: 'PENDING' };
}
