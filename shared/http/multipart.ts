// Takes one uploaded file out of a multipart/form-data request. API Gateway (and the local
// gateway) hand binary bodies to the function base64-encoded; the platform's own form-data
// parser (undici, built into Node) does the multipart work.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { badRequest, payloadTooLarge } from '../errors.ts';

export interface UploadedFile {
  /** The form field the file came in. */
  field: string;
  bytes: Uint8Array;
}

export interface FilePartOptions {
  /** Accepted part names, in order of preference. */
  fields: readonly string[];
  maxBytes: number;
  /** The 413 message for a file over `maxBytes`, naming the field (e.g. `imageTooLarge`). */
  tooLarge: (field: string) => string;
}

/** Room for part headers and boundaries around a file at the size limit. */
const multipartOverheadBytes = 64 * 1024;

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const entry = Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return entry?.[1];
}

export async function readFilePart(
  event: APIGatewayProxyEventV2,
  options: FilePartOptions,
): Promise<UploadedFile> {
  const [first] = options.fields;
  const expected = `body: must be multipart/form-data with the file in a part named ${options.fields.join(' or ')}`;
  const contentType = header(event, 'content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !event.body)
    throw badRequest('validation', expected);

  const body = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  // Before parsing, the part is not known yet: the message names the preferred field.
  const tooLarge = (field = first ?? 'file') => payloadTooLarge(options.tooLarge(field));
  if (body.length > options.maxBytes + multipartOverheadBytes) throw tooLarge();

  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('validation', 'body: is not valid multipart/form-data');
  }
  for (const field of options.fields) {
    const part = form.get(field);
    if (part === null) continue;
    // A part without a filename arrives as text: the bytes would not survive decoding.
    if (typeof part === 'string')
      throw badRequest('validation', `${field}: must be a file part (Content-Disposition with a filename)`);
    if (part.size > options.maxBytes) throw tooLarge(field);
    if (part.size === 0) throw badRequest('validation', `${field}: the file is empty`);
    return { field, bytes: new Uint8Array(await part.arrayBuffer()) };
  }
  throw badRequest('validation', expected);
}
