// docs/api.md's table of routes, generated from the route table (shared/routes.ts): method and
// path, who may call it, what it reads, what it answers and its one-line summary. `npm run docs:routes` rewrites
// the section between `<!-- routes:start -->` and `<!-- routes:end -->`; a unit test
// (test/unit/route-table-docs.test.ts) fails while the page and the table disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ResponseBody, RouteDef } from '../../shared/route-def.ts';
import { routeList } from '../../shared/route-table.ts';
import { docsDir, findSection, replaceSection } from './generated-docs.ts';

export const apiPage = resolve(docsDir, 'api.md');
export const routeSection = 'routes';

const mediaNames: Partial<Record<ResponseBody, string>> = {
  html: 'HTML',
  pdf: 'PDF',
  javascript: 'JavaScript',
  empty: 'no body',
};

function permissionOf(route: RouteDef): string {
  const who =
    route.auth === 'none' ? 'none' : route.auth === 'any' ? 'any key' : [route.auth].flat().join(' or ');
  if (route.servedAt === 'function-url') return `${who} (at its own function URL)`;
  return route.sandboxOnly ? `${who} (sandbox stages only)` : who;
}

/** What the route reads besides path parameters: its body, its query, an `Idempotency-Key`. */
function takesOf(route: RouteDef): string {
  const request = route.request;
  const body = request?.body;
  return [
    body ? `body ${body === 'purchase' ? '`PurchaseRequest`' : `\`${body}\``}` : '',
    request?.query ? `query \`${request.query}\`` : '',
    request?.idempotencyKey ? '`Idempotency-Key`' : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** `201 Transaction; 400, 409, 422`: each status with its body, the error answers by status only. */
function answersOf(route: RouteDef): string {
  const described: string[] = [];
  const errors: string[] = [];
  for (const [status, body] of Object.entries(route.responses)) {
    const bodies = [body].flat() as ResponseBody[];
    if (bodies.every((one) => one === 'error')) errors.push(status);
    else described.push(`${status} ${bodies.map((one) => mediaNames[one] ?? `\`${one}\``).join(' or ')}`);
  }
  return [...described, errors.join(', ')].filter(Boolean).join('; ');
}

function table(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(rows[0]!), line(widths.map((width) => '-'.repeat(width))), ...rows.slice(1).map(line)].join(
    '\n',
  );
}

/** The route table as markdown, in route-table order. */
export function routeTableMarkdown(): string {
  return table([
    ['Method and path', 'Permission', 'Takes', 'Answers', 'What it does'],
    ...routeList().map((route) => [
      `\`${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}\``,
      permissionOf(route),
      takesOf(route) || '–',
      answersOf(route),
      route.summary ?? route.name,
    ]),
  ]);
}

/** docs/api.md's route section as it stands. */
export function documentedRouteTable(): string | undefined {
  return findSection(readFileSync(apiPage, 'utf8'), routeSection);
}

if (import.meta.main) {
  const written = replaceSection(readFileSync(apiPage, 'utf8'), routeSection, routeTableMarkdown());
  if (written === undefined) throw new Error(`${apiPage} has no <!-- ${routeSection}:start --> section`);
  writeFileSync(apiPage, written);
  console.log(`wrote the route table of ${apiPage}`);
}
