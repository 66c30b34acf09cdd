// The e-mails a payer gets, one of each kind per transaction at most.
export const emailKinds = ['instruction', 'receipt'] as const;
export type EmailKind = (typeof emailKinds)[number];

export const emailStatuses = ['QUEUED', 'SENDING', 'SENT', 'SKIPPED', 'SUPPRESSED', 'FAILED'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export function isEmailKind(value: unknown): value is EmailKind {
  return emailKinds.includes(value as EmailKind);
}

/** `ana@example.com` → `a**@example.com`: enough for the merchant to recognise, not to harvest. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}**${address.slice(at)}`;
}
