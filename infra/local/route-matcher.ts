import type { RouteDef } from '../../shared/route-def.ts';

export interface MatchedRoute<R> {
  route: R;
  pathParameters: Record<string, string>;
}

interface CompiledRoute<R> {
  route: R;
  method: string;
  segments: string[];
}

/** Matches request paths against API Gateway templates (`{name}` = one segment). */
export function compileRoutes<R extends Pick<RouteDef, 'method' | 'path'>>(routes: readonly R[]) {
  const compiled: CompiledRoute<R>[] = routes.map((route) => ({
    route,
    method: route.method,
    segments: route.path.split('/').filter(Boolean),
  }));
  // Literal segments win over parameters, as in API Gateway.
  const literalCount = (entry: CompiledRoute<R>) =>
    entry.segments.filter((segment) => !segment.startsWith('{')).length;
  compiled.sort((a, b) => literalCount(b) - literalCount(a));
  return (method: string, path: string): MatchedRoute<R> | undefined => {
    const parts = path.split('/').filter(Boolean);
    for (const entry of compiled) {
      if (entry.method !== method || entry.segments.length !== parts.length) continue;
      const pathParameters: Record<string, string> = {};
      const matches = entry.segments.every((segment, index) => {
        const part = parts[index] as string;
        if (segment.startsWith('{') && segment.endsWith('}')) {
          try {
            pathParameters[segment.slice(1, -1)] = decodeURIComponent(part);
          } catch {
            return false;
          }
          return true;
        }
        return segment === part;
      });
      if (matches) return { route: entry.route, pathParameters };
    }
    return undefined;
  };
}
