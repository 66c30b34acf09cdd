// valibot → JSON Schema 2020-12 (the dialect of OpenAPI 3.1) for the document's components.
// Requests are documented as sent (before parsing transforms them), responses as produced.
// A schema that cannot be converted fails the build of the document, so it is never silently
// documented as "anything": describe it with `v.metadata({...})` instead.
import { type ConversionConfig, type JsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';

export const componentRef = (name: string) => `#/components/schemas/${name}`;

const config: Omit<ConversionConfig, 'definitions' | 'typeMode'> = {
  target: 'draft-2020-12',
  errorMode: 'throw',
  // Checks across fields and `readonly` have no JSON Schema form; descriptions say what they check.
  ignoreActions: ['check', 'partial_check', 'readonly'],
  // `v.custom` schemas carry their JSON Schema in a `v.metadata` action beside them.
  overrideSchema: ({ valibotSchema }) => (valibotSchema.type === 'custom' ? {} : undefined),
  overrideRef: ({ referenceId }) => componentRef(referenceId),
};

const jsonTypes: Record<string, string> = { string: 'string', number: 'number', boolean: 'boolean' };

/** Gives `const` values their type too (`v.literal` converts to a bare `const`): viewers show it. */
function typed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(typed);
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, typed(value)]));
  const type = 'const' in entries && !('type' in entries) ? jsonTypes[typeof entries.const] : undefined;
  return type ? { type, ...entries } : entries;
}

export function requestComponents(schemas: Record<string, GenericSchema>): Record<string, JsonSchema> {
  return typed(toJsonSchemaDefs(schemas, { ...config, typeMode: 'input' })) as Record<string, JsonSchema>;
}

export function responseComponents(schemas: Record<string, GenericSchema>): Record<string, JsonSchema> {
  return typed(toJsonSchemaDefs(schemas, { ...config, typeMode: 'output' })) as Record<string, JsonSchema>;
}
