// The local stand-in for SES: a real SMTP server (smtp-server) that keeps what it receives in
// memory, parsed (mailparser), and an inbox over HTTP (`GET /messages`: JSON, newest last) for
// developers and tests to read them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients, as the sender gave them. */
  to: string[];
  from: string;
  receivedAt: string;
  raw: Buffer;
  parsed: ParsedMail;
}

export interface LocalMailServer {
  smtpUrl: string;
  inboxUrl: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export async function startLocalMailServer(): Promise<LocalMailServer> {
  const messages: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            messages.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              receivedAt: new Date().toISOString(),
              raw,
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const inbox: Server = createServer((request, response) => {
    if (request.url !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    const list = messages.map((message) => ({
      to: message.to,
      from: message.from,
      receivedAt: message.receivedAt,
      subject: message.parsed.subject ?? '',
      text: message.parsed.text ?? '',
      html: message.parsed.html || '',
      replyTo: message.parsed.replyTo?.text ?? null,
      attachments: message.parsed.attachments.map((attachment) => ({
        filename: attachment.filename ?? '',
        contentType: attachment.contentType,
        contentBase64: attachment.content.toString('base64'),
      })),
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list, null, 2));
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
  const inboxPort = (inbox.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${inboxPort}/messages`,
    messages,
    close: async () => {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => inbox.close(() => resolve())),
      ]);
    },
  };
}
