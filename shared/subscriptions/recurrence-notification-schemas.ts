// The PSP's Pix Automático notifications (`POST {webhookUrl}/rec` and `/cobr`) as we read them, and
// our receipt. Loose on purpose: each is only a hint that makes us read the recurrence or the
// cycle's charge by GET, so fields a PSP adds never make us refuse it.
import * as v from 'valibot';

export const maxItemsPerNotification = 100;

export const recNotificationSchema = v.pipe(
  v.looseObject({
    recs: v.pipe(
      v.array(
        v.pipe(
          v.looseObject({
            idRec: v.pipe(v.string(), v.description('The recurrence to read (GET /rec/{idRec}).')),
          }),
          v.title('NotifiedRecurrence'),
        ),
        'must be an array of recurrences',
      ),
      v.maxLength(maxItemsPerNotification, `must hold at most ${maxItemsPerNotification} recurrences`),
    ),
  }),
  v.title('RecurrenceNotification'),
  v.description('API Pix `POST {webhookUrl}/rec`: each named recurrence of ours is read again by GET.'),
);

export const cobrNotificationSchema = v.pipe(
  v.looseObject({
    cobsr: v.pipe(
      v.array(
        v.pipe(
          v.looseObject({
            idRec: v.string(),
            txid: v.pipe(v.string(), v.description('The cycle charge to read (GET /cobr/{txid}).')),
          }),
          v.title('NotifiedCycleCharge'),
        ),
        'must be an array of cycle charges',
      ),
      v.maxLength(maxItemsPerNotification, `must hold at most ${maxItemsPerNotification} cycle charges`),
    ),
  }),
  v.title('CycleChargeNotification'),
  v.description('API Pix `POST {webhookUrl}/cobr`: each named cycle charge of ours is read again by GET.'),
);

export const recurrenceNotificationReceiptSchema = v.pipe(
  v.object({
    received: v.pipe(
      v.number(),
      v.integer(),
      v.description('Distinct recurrences or charges of ours checked.'),
    ),
  }),
  v.title('RecurrenceNotificationReceipt'),
);
