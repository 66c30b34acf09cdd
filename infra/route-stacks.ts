// Which nested stack each route's resources (function, role, policy, log group, integration,
// route, invoke permission, alarm: eight per route) live in. A route keeps its stack as long as
// its domain does not outgrow one stack: CloudFormation creates a moved route in its new stack
// before it deletes it from the old one, and API Gateway refuses two routes with one key, so a
// move is a two-step deploy (docs/architecture.md, Room to grow).
import type { RouteDef } from '../shared/route-def.ts';
import { pascalCase } from './names.ts';

/**
 * Routes per nested stack: 25 × 8 = 200 resources, leaving a third of the 300 this project
 * allows itself (CloudFormation's hard limit is 500) for resources a route may gain later.
 */
export const routesPerStack = 25;

export const routeDomains = ['public', 'account', 'catalog', 'transactions'] as const;
export type RouteDomain = (typeof routeDomains)[number];

/**
 * Public routes (payer pages, docs, OpenAPI, health, PSP notifications) apart from the merchant
 * API; the merchant API by the resource its path names. A path no rule knows is a transaction
 * route (transactions, refunds, events, subscriptions, the sandbox).
 */
export function routeDomain(route: Pick<RouteDef, 'auth' | 'path'>): RouteDomain {
  if (route.auth === 'none') return 'public';
  if (/^\/v2\/(products|offers|checkout-sessions|payment-links)(\/|$)/.test(route.path)) return 'catalog';
  if (/^\/(v2\/(account|api-keys|balance)|health)(\/|$)/.test(route.path)) return 'account';
  return 'transactions';
}

export interface RouteStackPlan<R> {
  /** Construct id of the nested stack: `RoutesCatalog`, then `RoutesCatalog2`… when a domain outgrows one. */
  readonly id: string;
  readonly domain: RouteDomain;
  readonly routes: readonly R[];
}

/** Routes by nested stack, in route-table order within each domain. */
export function planRouteStacks<R extends Pick<RouteDef, 'auth' | 'path'>>(
  routes: readonly R[],
): Array<RouteStackPlan<R>> {
  const plans: Array<RouteStackPlan<R>> = [];
  for (const domain of routeDomains) {
    const inDomain = routes.filter((route) => routeDomain(route) === domain);
    for (let start = 0; start < inDomain.length; start += routesPerStack) {
      const chunk = start / routesPerStack;
      plans.push({
        id: `Routes${pascalCase(domain)}${chunk === 0 ? '' : chunk + 1}`,
        domain,
        routes: inDomain.slice(start, start + routesPerStack),
      });
    }
  }
  return plans;
}
