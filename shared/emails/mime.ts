// The raw MIME message (RFC 5322/2045–2047) that SES and the local SMTP server receive: text and
// HTML as multipart/alternative, inside multipart/mixed with the attachments when there are any.
// Every body is base64 (UTF-8 text, binary PDF), so no line of ours is ever too long or needs
// escaping; header text that is not plain ASCII goes as RFC 2047 encoded words. Our own on
// purpose: nodemailer's MailComposer brought a 76 KB MIME-type table, an address parser and
// the rest of nodemailer into the e-mail worker for four parts whose types we already know.
import { randomBytes } from 'node:crypto';
import type { ComposedEmail } from './compose-email.ts';

export interface Envelope {
  from: { name: string; address: string };
  to: string;
  replyTo?: string | null;
}

const crlf = '\r\n';
/** RFC 2045: base64 lines of at most 76 characters. */
const base64LineLength = 76;
/** Bytes of UTF-8 per encoded word: `=?UTF-8?B?` + 52 base64 characters + `?=` = 64, so that
 * `Subject: ` and the first word stay within the 78 characters a line should keep to. */
const encodedWordBytes = 39;
const printableAscii = /^[\x20-\x7e]*$/;
/** What we put in an address header: nothing that could end the header or start another. */
const plainAddress = /^[^\s<>"(),;:\\@]+@[^\s<>"(),;:\\@]+$/;

function base64Body(content: Uint8Array): string {
  const encoded = Buffer.from(content).toString('base64');
  const lines: string[] = [];
  for (let at = 0; at < encoded.length; at += base64LineLength)
    lines.push(encoded.slice(at, at + base64LineLength));
  return lines.join(crlf);
}

/** Printable ASCII as is; anything else (accents, line breaks) as UTF-8 encoded words. */
export function headerText(text: string): string {
  if (printableAscii.test(text)) return text;
  const words: string[] = [];
  let chunk = '';
  for (const character of text) {
    if (chunk && Buffer.byteLength(chunk + character) > encodedWordBytes) {
      words.push(chunk);
      chunk = '';
    }
    chunk += character;
  }
  words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join(`${crlf} `);
}

function address(value: string): string {
  if (!plainAddress.test(value)) throw new Error('e-mail address: must be a plain address (name@domain)');
  return value;
}

/**
 * `"Name" <address>`, the name quoted when it is ASCII and encoded when it is not; the address
 * on a folded line of its own, so that a long name leaves it within the line length.
 */
function mailbox(name: string, value: string): string {
  if (!name) return address(value);
  const display = printableAscii.test(name) ? `"${name.replace(/[\\"]/g, '\\$&')}"` : headerText(name);
  return `${display}${crlf} <${address(value)}>`;
}

/** A parameter value (a file name): quoted when ASCII, RFC 2231 percent-encoded UTF-8 when not. */
function parameter(name: string, value: string): string {
  if (printableAscii.test(value)) return `${name}="${value.replace(/[\\"]/g, '\\$&')}"`;
  return `${name}*=UTF-8''${encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** RFC 5322 date in UTC: `Fri, 27 Nov 2026 02:31:56 +0000`. */
function messageDate(now: Date): string {
  return now.toUTCString().replace(/GMT$/, '+0000');
}

interface Part {
  headers: string[];
  body: string;
}

const boundary = () => `=_${randomBytes(12).toString('hex')}`;

function multipart(subtype: 'mixed' | 'alternative', parts: Part[]): Part {
  const separator = boundary();
  const body = [
    ...parts.map((part) => `--${separator}${crlf}${part.headers.join(crlf)}${crlf}${crlf}${part.body}`),
    `--${separator}--`,
  ].join(crlf);
  return { headers: [`Content-Type: multipart/${subtype}; boundary="${separator}"`], body };
}

function textPart(type: 'plain' | 'html', text: string): Part {
  return {
    headers: [`Content-Type: text/${type}; charset=utf-8`, 'Content-Transfer-Encoding: base64'],
    body: base64Body(Buffer.from(text, 'utf8')),
  };
}

export function buildMime(email: ComposedEmail, envelope: Envelope, now = new Date()): Buffer {
  const alternative = multipart('alternative', [textPart('plain', email.text), textPart('html', email.html)]);
  const content = email.attachments.length
    ? multipart('mixed', [
        alternative,
        ...email.attachments.map((attachment) => ({
          headers: [
            `Content-Type: ${attachment.contentType}; ${parameter('name', attachment.filename)}`,
            'Content-Transfer-Encoding: base64',
            `Content-Disposition: attachment; ${parameter('filename', attachment.filename)}`,
          ],
          body: base64Body(attachment.content),
        })),
      ])
    : alternative;
  const domain = address(envelope.from.address).split('@')[1];
  const headers = [
    `From: ${mailbox(envelope.from.name, envelope.from.address)}`,
    `To: ${address(envelope.to)}`,
    ...(envelope.replyTo ? [`Reply-To: ${address(envelope.replyTo)}`] : []),
    `Subject: ${headerText(email.subject)}`,
    `Date: ${messageDate(now)}`,
    `Message-ID: <${randomBytes(16).toString('hex')}@${domain}>`,
    'MIME-Version: 1.0',
    ...content.headers,
  ];
  return Buffer.from(`${headers.join(crlf)}${crlf}${crlf}${content.body}${crlf}`, 'utf8');
}
