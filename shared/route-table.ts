// The route table as a whole, for what serves or documents every route: the CDK stack, the
// local gateway and the OpenAPI document. A handler imports its own row from routes.ts instead.
import type { RouteDef } from './route-def.ts';
import * as rows from './routes.ts';

export type RouteName = keyof typeof rows;

const methodOrder: ReadonlyArray<RouteDef['method']> = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function byPathThenMethod(a: RouteDef, b: RouteDef): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method);
}

/**
 * Every row by its name, in path order: a module namespace lists its exports by name whatever
 * their order in the file, so the order the stack, the docs and the OpenAPI document see is
 * set here, the same everywhere.
 */
export const routes = Object.fromEntries(
  (Object.entries(rows) as Array<[RouteName, RouteDef]>).sort(([, a], [, b]) => byPathThenMethod(a, b)),
) as unknown as typeof rows;

export function routeList(): Array<RouteDef & { name: RouteName }> {
  return (Object.keys(routes) as RouteName[]).map((name) => ({ name, ...routes[name] }));
}
