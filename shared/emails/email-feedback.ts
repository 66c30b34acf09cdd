// SES bounce and complaint notifications (through SNS) → the suppression list: an address that
// bounced for good or complained is sent nothing more. Transient bounces are ignored.
import { log } from '../log.ts';
import { suppressAddress } from '../store/emails.ts';

interface SesNotification {
  notificationType?: string;
  eventType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: Array<{ emailAddress?: string }> };
  complaint?: { complainedRecipients?: Array<{ emailAddress?: string }> };
}

/** The addresses a notification asks to suppress, and why (pure). */
export function addressesToSuppress(
  message: unknown,
): { reason: 'bounce' | 'complaint'; addresses: string[] } | null {
  if (typeof message !== 'object' || message === null) return null;
  const notification = message as SesNotification;
  const type = notification.notificationType ?? notification.eventType;
  const addresses = (list: Array<{ emailAddress?: string }> | undefined) =>
    (list ?? []).flatMap((recipient) => (recipient.emailAddress ? [recipient.emailAddress] : []));
  if (type === 'Bounce' && notification.bounce?.bounceType === 'Permanent')
    return { reason: 'bounce', addresses: addresses(notification.bounce.bouncedRecipients) };
  if (type === 'Complaint')
    return { reason: 'complaint', addresses: addresses(notification.complaint?.complainedRecipients) };
  return null;
}

export async function recordEmailFeedback(message: unknown, now = new Date()): Promise<number> {
  const found = addressesToSuppress(message);
  if (!found) return 0;
  await Promise.all(found.addresses.map((address) => suppressAddress(address, found.reason, now)));
  log.info('e-mail addresses suppressed', { reason: found.reason, count: found.addresses.length });
  return found.addresses.length;
}
