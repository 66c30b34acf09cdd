// The Central Bank's API Pix document (../shared/reference/pix-api-2.9.0-openapi.yaml) as a
// validator (openapi-backend, on ajv + ajv-formats) for everything the fake PSP receives and
// sends. The 2.9.0 document has known defects; each is decided here, once, on the side of
// what the document evidently means, and listed in QUIRK_DECISIONS (docs/decisions.md repeats them).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ajvModule from 'ajv';
import formatsModule from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import { parse } from 'yaml';
import { repoRoot } from '../../../infra/local/repo-root.ts';
import { PIX_AUTOMATICO_QUIRK_DECISIONS, patchPixAutomatico } from './pix-automatico-openapi.ts';

/** `../shared/reference` beside the repository (a git worktree sits one level deeper). */
export const referenceDocument = (() => {
  const candidates = [join(repoRoot, '..'), join(repoRoot, '..', '..')].map((base) =>
    join(base, 'shared', 'reference', 'pix-api-2.9.0-openapi.yaml'),
  );
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`the API Pix reference document is not at ${candidates.join(' or ')}`);
  return found;
})();

export const QUIRK_DECISIONS = [
  'CPF pattern "/^\\d{11}$/" and codMun\'s "/^\\d{7}$/" (slashes included, match nothing) → read without the slashes',
  'unanchored patterns (\\d{1,10}\\.\\d{2} also matches -1.234) → every pattern anchored ^(?:…)$',
  '`location` declared format: uri while the examples and the BR Code carry it without scheme → a scheme-less host/path of at most 77 characters',
  'required fields the schema never defines (CobGerada.loc → txid, …) → kept as required: the fake PSP sends loc.txid, satisfying both readings',
  'calendario.expiracao default "86400" (a string in an integer schema) → the integer 86400',
  '401 not described → every operation also answers 401 with a Problema body',
  'repeated PUT /cob/{txid} has no documented conflict status → an identical PUT of an ATIVA charge answers 201 with the charge as it is (idempotent create); a different one, or one of a charge no longer ATIVA, 400 CobOperacaoInvalida',
  'webhookUrl examples end in "/" → the notification goes to webhookUrl without trailing slashes + "/pix"',
  'PixConsultados requires "cobs", a property it never defines, while its list is "pix" → "pix" is required instead',
  ...PIX_AUTOMATICO_QUIRK_DECISIONS,
] as const;

// ajv and ajv-formats are CommonJS: the default import is the module object under Node's ESM.
const Ajv = ((ajvModule as unknown as { default?: unknown }).default ??
  ajvModule) as unknown as typeof ajvModule.default;
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ??
  formatsModule) as unknown as typeof formatsModule.default;

const locationPattern = '^[A-Za-z0-9.-]+(?::\\d+)?/[\\x21-\\x7E]{1,70}$';

type Json = Record<string, any>;

/** Walks every schema object of the document and applies the decisions above. */
function patch(node: unknown, key?: string): void {
  if (Array.isArray(node)) {
    for (const item of node) patch(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (typeof schema.pattern === 'string') {
    let pattern: string = schema.pattern;
    // "/^\d{11}$/" (CPF) and "/^\d{7}$/" (codMun): the slashes are a regex literal's, not the pattern's.
    const literal = /^\/(.*)\/$/.exec(pattern);
    if (literal) pattern = literal[1]!;
    if (!pattern.startsWith('^')) pattern = `^(?:${pattern})`;
    if (!pattern.endsWith('$')) pattern = `${pattern}$`;
    schema.pattern = pattern;
  }
  if (key === 'location' && schema.format === 'uri') {
    delete schema.format;
    schema.pattern = locationPattern;
  }
  if (key === 'expiracao' && schema.default === '86400') schema.default = 86_400;
  for (const [childKey, child] of Object.entries(schema)) patch(child, childKey);
}

const problemResponse = {
  description: 'Token ausente, inválido ou expirado.',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problema' } } },
};

export function loadPixApiDocument(): Json {
  const document = parse(readFileSync(referenceDocument, 'utf8')) as Json;
  patch(document.components);
  patch(document.paths);
  document.components.schemas.PixConsultados.required = ['parametros', 'pix'];
  patchPixAutomatico(document);
  for (const [path, pathItem] of Object.entries(document.paths as Json))
    for (const [method, operation] of Object.entries(pathItem as Json)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
      (operation as Json).responses['401'] ??= problemResponse;
      // The validator looks operations up by id; the document names none.
      (operation as Json).operationId ??= `${method} ${path}`;
    }
  return document;
}

export interface PixApiValidator {
  /** Problems with a request to `path` (relative to the API root, e.g. /cob/{txid}); [] when valid. */
  request(input: {
    method: string;
    path: string;
    headers: Record<string, string>;
    query: Record<string, string>;
    body: unknown;
  }): string[];
  /** Problems with a response of `operationId`-less operation matched by method and path. */
  response(input: { method: string; path: string; status: number; body: unknown }): string[];
  /** Problems with a `POST {webhookUrl}/pix` body (the WebhookPixBody request body). */
  notification(body: unknown): string[];
  /** Problems with a `POST {webhookUrl}/rec` body (WebhookRecBody, the /webhookrec callback). */
  recNotification(body: unknown): string[];
  /** Problems with a `POST {webhookUrl}/cobr` body (WebhookCobRBody, the /webhookcobr callback). */
  cobrNotification(body: unknown): string[];
}

export async function createPixApiValidator(): Promise<PixApiValidator> {
  const definition = loadPixApiDocument();
  const api = new OpenAPIBackend({
    definition: definition as any,
    strict: false,
    quick: false,
    validate: true,
    ajvOpts: { strict: false, allErrors: true },
    customizeAjv: (ajv) => {
      addFormats(ajv as any);
      return ajv;
    },
  });
  await api.init();

  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv as any);
  ajv.addSchema({ components: definition.components }, 'pix-api');
  const compileBody = (name: string) =>
    ajv.compile({
      ...definition.components.requestBodies[name].content['application/json'].schema,
      $id: `request-body-${name}`,
      components: definition.components,
    });
  const validateNotification = compileBody('WebhookPixBody');
  const validateRecNotification = compileBody('WebhookRecBody');
  const validateCobrNotification = compileBody('WebhookCobRBody');

  const describe = (
    errors: Array<{ instancePath?: string; message?: string; params?: unknown }> | null | undefined,
  ) =>
    (errors ?? []).map((e) =>
      `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params ?? {})}`.trim(),
    );

  return {
    request({ method, path, headers, query, body }) {
      const operation = api.matchOperation({ method, path, headers, query } as any);
      if (!operation) return [`${method.toUpperCase()} ${path}: no such operation in the document`];
      const result = api.validateRequest({ method, path, headers, query, body } as any, operation);
      return result.valid ? [] : describe(result.errors as any);
    },
    response({ method, path, status, body }) {
      const operation = api.matchOperation({ method, path, headers: {} } as any);
      if (!operation) return [`${method.toUpperCase()} ${path}: no such operation in the document`];
      if (!operation.responses?.[String(status)])
        return [`${method.toUpperCase()} ${path}: status ${status} is not described`];
      const result = api.validateResponse(body, operation, status);
      return result.valid ? [] : describe(result.errors as any);
    },
    notification(body) {
      return validateNotification(body) ? [] : describe(validateNotification.errors as any);
    },
    recNotification(body) {
      return validateRecNotification(body) ? [] : describe(validateRecNotification.errors as any);
    },
    cobrNotification(body) {
      return validateCobrNotification(body) ? [] : describe(validateCobrNotification.errors as any);
    },
  };
}
