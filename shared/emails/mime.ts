// The raw MIME message (multipart: text, HTML, attachments), built by nodemailer's MailComposer.
import MailComposer from 'nodemailer/lib/mail-composer';
import type { ComposedEmail } from './compose-email.ts';

export interface Envelope {
  from: { name: string; address: string };
  to: string;
  replyTo?: string | null;
}

export function buildMime(email: ComposedEmail, envelope: Envelope): Promise<Buffer> {
  const composer = new MailComposer({
    from: envelope.from,
    to: envelope.to,
    ...(envelope.replyTo ? { replyTo: envelope.replyTo } : {}),
    subject: email.subject,
    text: email.text,
    html: email.html,
    attachments: email.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.content),
    })),
  });
  return composer.compile().build();
}
