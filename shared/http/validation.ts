// Turns valibot issues into one message that names each field and its rule.
import * as v from 'valibot';
import { type AppError, badRequest } from '../errors.ts';

function pathOf(issue: v.BaseIssue<unknown>): string {
  // An empty key is shown as "" so that it still names a field instead of vanishing.
  const parts = (issue.path ?? []).map((item) => (item.key === '' ? '""' : String(item.key)));
  return parts.reduce(
    (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part),
    '',
  );
}

function describe(issue: v.BaseIssue<unknown>, scope: string): string {
  const path = pathOf(issue);
  // valibot reports an unknown key of a strict object as a `never` issue on that key.
  if (issue.kind === 'schema' && issue.expected === 'never' && path) return `${path}: unknown field`;
  if (issue.kind === 'schema' && issue.received === 'undefined' && path) return `${path}: is required`;
  const where = path || scope;
  return `${where}: ${issue.message}`;
}

export function formatIssues(issues: readonly v.BaseIssue<unknown>[], scope = 'body'): string {
  const seen = new Set<string>();
  for (const issue of issues) seen.add(describe(issue, scope));
  return [...seen].join('; ');
}

/** Parses `input` with `schema`, or throws a 400 whose message names every offending field. */
export function parseOrThrow<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  scope = 'body',
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  throw validationError(result.issues, scope);
}

export function validationError(issues: readonly v.BaseIssue<unknown>[], scope = 'body'): AppError {
  return badRequest('validation', formatIssues(issues, scope));
}
