// Checks an HTTP answer against the published OpenAPI document: the route and status must be
// documented, the media type listed, the JSON body valid against its schema and every
// documented header present (when required) and valid. The integration tests' `call` runs it
// on every answer, so an undocumented response fails the test that got it. Each (operation,
// status) seen is recorded for the coverage summary (test-artifacts/openapi-coverage.json).
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { repoRoot } from '../../infra/paths.ts';

type Json = Record<string, any>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

export const coverageDir = join(repoRoot, 'test-artifacts', 'openapi-coverage');
export const coverageFile = join(repoRoot, 'test-artifacts', 'openapi-coverage.json');

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

interface Operation {
  method: string;
  template: string;
  segments: string[];
  operation: Json;
}

const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

export class OpenApiConformance {
  private readonly ajv: Ajv2020;
  private readonly operations: Operation[];
  private readonly validators = new Map<string, ValidateFunction>();
  readonly document: Json;

  constructor(document: Json) {
    this.document = document;
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document, 'openapi.json');
    this.operations = [];
    for (const [template, item] of Object.entries(document.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        this.operations.push({
          method: method.toUpperCase(),
          template,
          segments: template.split('/').filter(Boolean),
          operation: operation as Json,
        });
      }
    }
    // Literal segments win over parameters, as in API Gateway.
    const literals = (entry: Operation) =>
      entry.segments.filter((segment) => !segment.startsWith('{')).length;
    this.operations.sort((a, b) => literals(b) - literals(a));
  }

  /** Every (operation, status) the document lists, as `METHOD /template status`. */
  documentedPairs(): string[] {
    return this.operations.flatMap(({ method, template, operation }) =>
      Object.keys(operation.responses as Json).map((status) => `${method} ${template} ${status}`),
    );
  }

  private find(method: string, path: string): Operation | undefined {
    const parts = path.split('/').filter(Boolean);
    return this.operations.find(
      (entry) =>
        entry.method === method &&
        entry.segments.length === parts.length &&
        entry.segments.every((segment, index) => segment.startsWith('{') || segment === parts[index]),
    );
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      const fragment = pointer.split('/').map(encodeURIComponent).join('/');
      validate = this.ajv.compile({ $ref: `openapi.json#${fragment}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  private check(pointer: string, value: unknown): string | undefined {
    const validate = this.validator(pointer);
    if (validate(value)) return undefined;
    return this.ajv.errorsText(validate.errors, { separator: '; ', dataVar: 'body' });
  }

  /** The problems of one answer (empty when it is documented), and the pair it exercised. */
  verify(method: string, path: string, answer: Answer): { problems: string[]; pair?: string } {
    const entry = this.find(method.toUpperCase(), new URL(path, 'http://x').pathname);
    if (!entry) {
      // The gateway's answer to a path no route has: nothing to document.
      const unknownRoute = answer.status === 404 && /^\{"message":"Not Found"\}$/.test(answer.text);
      return { problems: unknownRoute ? [] : [`${method} ${path}: no documented operation`] };
    }
    const { operation, template } = entry;
    const status = String(answer.status);
    const responses = operation.responses as Json;
    const key = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : 'default';
    const response = responses[key] as Json | undefined;
    const pair = `${entry.method} ${template} ${status}`;
    if (!response) return { problems: [`${pair}: status not documented`], pair };

    const problems: string[] = [];
    const base = `/paths/${escapePointer(template)}/${entry.method.toLowerCase()}/responses/${key}`;
    for (const [name, header] of Object.entries((response.headers ?? {}) as Json)) {
      const resolved = header.$ref ? this.resolve(header.$ref as string) : header;
      const value = answer.headers.get(name);
      if (value === null) {
        if (resolved.required) problems.push(`${pair}: header ${name} is required but absent`);
        continue;
      }
      const headerPointer = header.$ref
        ? `${(header.$ref as string).slice(1)}/schema`
        : `${base}/headers/${escapePointer(name)}/schema`;
      const error = this.check(headerPointer, value);
      if (error) problems.push(`${pair}: header ${name}: ${error}`);
    }

    const content = response.content as Json | undefined;
    const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!content) {
      if (answer.text !== '')
        problems.push(`${pair}: documented without a body, got ${mediaType || 'a body'}`);
      return { problems, pair };
    }
    if (!(mediaType in content)) {
      problems.push(`${pair}: media type "${mediaType}" not documented (${Object.keys(content).join(', ')})`);
      return { problems, pair };
    }
    if (mediaType === 'application/json') {
      let body: unknown;
      try {
        body = JSON.parse(answer.text);
      } catch {
        problems.push(`${pair}: body is not JSON`);
        return { problems, pair };
      }
      const error = this.check(`${base}/content/application~1json/schema`, body);
      if (error) problems.push(`${pair}: ${error}; body was ${answer.text.slice(0, 500)}`);
    }
    return { problems, pair };
  }

  /** Problems of a value against a component schema, e.g. a webhook payload. */
  verifyComponent(name: string, value: unknown): string[] {
    const error = this.check(`/components/schemas/${escapePointer(name)}`, value);
    return error ? [`${name}: ${error}`] : [];
  }

  private resolve(ref: string): Json {
    return ref
      .slice(2)
      .split('/')
      .reduce<Json>(
        (node, part) => node[part.replaceAll('~1', '/').replaceAll('~0', '~')] as Json,
        this.document,
      );
  }
}

const recorded = new Set<string>();

/** Notes a pair this test process exercised (once); the global teardown adds them up. */
export function recordExercised(pair: string): void {
  if (recorded.has(pair)) return;
  recorded.add(pair);
  mkdirSync(coverageDir, { recursive: true });
  appendFileSync(join(coverageDir, `${process.pid}.txt`), `${pair}\n`);
}
