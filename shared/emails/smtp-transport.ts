// The local stack's transport: the SMTP server `npm start` runs (infra/local/mail-server.ts).
// Loaded only when SMTP_URL is set, and never part of a deployed bundle (email-transport.ts).
import { createTransport } from 'nodemailer';
import type { EmailTransport } from './email-transport.ts';

export function smtpTransport(url: string): EmailTransport {
  const transporter = createTransport(url);
  return {
    name: 'smtp',
    async send(raw, envelope) {
      await transporter.sendMail({ envelope, raw });
    },
  };
}
