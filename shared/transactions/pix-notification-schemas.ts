// The API Pix notification (`POST {webhookUrl}/pix`) as the PSP sends it, and our receipt.
// Loose on purpose: the call is only a hint, so fields a PSP adds never make us refuse it.
import * as v from 'valibot';

export const maxPixPerNotification = 100;

const notifiedPix = v.pipe(
  v.looseObject({
    endToEndId: v.optional(v.string()),
    txid: v.pipe(v.optional(v.string()), v.description('The charge the Pix paid (dynamic BR Codes).')),
    valor: v.optional(v.string()),
    horario: v.optional(v.string()),
  }),
  v.title('NotifiedPix'),
);

export const pixNotificationSchema = v.pipe(
  v.looseObject({
    pix: v.pipe(
      v.array(notifiedPix, 'must be an array of Pix'),
      v.maxLength(maxPixPerNotification, `must hold at most ${maxPixPerNotification} Pix`),
    ),
  }),
  v.title('PixNotification'),
  v.description('API Pix `POST {webhookUrl}/pix`: each named txid gets an immediate payment check.'),
);

export const pixNotificationReceiptSchema = v.pipe(
  v.object({ received: v.pipe(v.number(), v.integer(), v.description('Distinct txids checked.')) }),
  v.title('PixNotificationReceipt'),
);
