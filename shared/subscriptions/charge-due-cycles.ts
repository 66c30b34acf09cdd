// The scheduled cycle job: reads the due index (what is due now, oldest first) and runs each
// subscription's steps. Its cost follows the cycles: a subscription is read only when a step of it
// is due (its charge day, its deadline), never polled between.
import { log } from '../log.ts';
import { dueSubscriptions, getSubscription } from '../store/subscriptions.ts';
import { runCycleSteps } from './run-cycle-steps.ts';

const perPartition = 25;
const parallel = 8;

export async function chargeDueCycles(now: Date, endBy: number): Promise<{ ran: number; failed: number }> {
  let ran = 0;
  let failed = 0;
  const tried = new Set<string>();
  while (Date.now() < endBy) {
    const due = (await dueSubscriptions(now, perPartition)).filter((entry) => !tried.has(entry.id));
    if (!due.length) break;
    for (let start = 0; start < due.length && Date.now() < endBy; start += parallel) {
      await Promise.all(
        due.slice(start, start + parallel).map(async ({ accountId, id }) => {
          tried.add(id);
          try {
            const subscription = await getSubscription(accountId, id, true);
            if (subscription) await runCycleSteps(subscription, now);
            ran += 1;
          } catch (error) {
            failed += 1;
            log.error('subscription cycle step failed; the next run tries again', {
              subscriptionId: id,
              error: (error as Error).message,
            });
          }
        }),
      );
    }
  }
  return { ran, failed };
}
