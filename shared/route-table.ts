// The route table as a whole, for what serves or documents every route: the CDK stack, the
// local gateway and the OpenAPI document. A handler imports its own row from routes.ts instead.

import type { RouteDef } from './route-def.ts';
import * as rows from './routes.ts';

export const routes = rows;

export type RouteName = keyof typeof rows;

export function routeList(): Array<RouteDef & { name: RouteName }> {
  return (Object.keys(routes) as RouteName[]).map((name) => ({ name, ...routes[name] }));
}
