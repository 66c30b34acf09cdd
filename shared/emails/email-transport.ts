// Where a composed message goes: SES v2 in AWS, the local SMTP server locally. A stage with
// neither sends nothing (each e-mail is recorded SKIPPED with the reason).
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

export interface EmailTransport {
  readonly name: 'ses' | 'smtp';
  /** Sends the raw MIME message; rejects when the server refused it (the job is retried). */
  send(raw: Buffer, envelope: { from: string; to: string }): Promise<void>;
}

function sesTransport(configurationSetName: string | undefined): EmailTransport {
  const client = new SESv2Client({});
  return {
    name: 'ses',
    async send(raw, envelope) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: envelope.from,
          Destination: { ToAddresses: [envelope.to] },
          Content: { Raw: { Data: raw } },
          ...(configurationSetName ? { ConfigurationSetName: configurationSetName } : {}),
        }),
      );
    },
  };
}

/**
 * The local SMTP transport, imported on first send. Deployed bundles define
 * `process.env.LAMBDA_BUNDLE` (infra/bundling/bundling-options.ts), so esbuild drops this branch
 * and nodemailer with it (about 240 KB of the e-mail worker): in AWS the e-mails go through SES.
 */
function smtpTransport(url: string): EmailTransport {
  let loaded: Promise<EmailTransport> | undefined;
  return {
    name: 'smtp',
    async send(raw, envelope) {
      if (process.env.LAMBDA_BUNDLE !== 'true')
        loaded ??= import('./smtp-transport.ts').then((module) => module.smtpTransport(url));
      if (!loaded) throw new Error('SMTP_URL: deployed functions send e-mail through SES only');
      await (await loaded).send(raw, envelope);
    },
  };
}

let cached: EmailTransport | null | undefined;

/** The stage's transport, from its environment (set by the `email:send` grant); null: none. */
export function emailTransport(env: NodeJS.ProcessEnv = process.env): EmailTransport | null {
  if (cached !== undefined && env === process.env) return cached;
  const transport = env.SMTP_URL
    ? smtpTransport(env.SMTP_URL)
    : env.EMAIL_TRANSPORT === 'ses'
      ? sesTransport(env.EMAIL_CONFIGURATION_SET)
      : null;
  if (env === process.env) cached = transport;
  return transport;
}

/** The sending address: the stage's verified domain's no-reply mailbox. */
export function senderAddress(env: NodeJS.ProcessEnv = process.env): string {
  return env.EMAIL_FROM_ADDRESS ?? 'no-reply@localhost';
}
