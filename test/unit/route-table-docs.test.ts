// docs/api.md lists the routes of shared/routes.ts as `npm run docs:routes` writes them: a route
// added, removed or changed in the table shows in the manual, or this fails.
import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/route-table.ts';
import { section } from '../support/generated-docs.ts';
import { documentedRouteTable, routeSection, routeTableMarkdown } from '../support/route-table-docs.ts';

describe("docs/api.md's route table", () => {
  it('is the route table as `npm run docs:routes` writes it', () => {
    expect(documentedRouteTable(), 'run npm run docs:routes').toBe(
      section(routeSection, routeTableMarkdown()),
    );
  });

  it('has one row per route', () => {
    const rows = routeTableMarkdown()
      .split('\n')
      .slice(2)
      .map((row) => row.split('|')[1]!.trim());
    expect(rows).toEqual(
      routeList().map((route) => `\`${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}\``),
    );
  });
});
