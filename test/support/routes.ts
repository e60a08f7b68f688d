import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export interface ServedRoute {
  /** Lower case, as in an OpenAPI document: get, post, ... */
  method: string;
  /** Fastify's pattern: /api/v1/documents/:id */
  path: string;
}

/**
 * Every route the API serves under /api/v1, read from the router Fastify built (nothing listed by
 * hand), HEAD left out (Fastify adds one to each GET). The OpenAPI document is a fixed file served by
 * Swagger's own route, and reads no input.
 */
export function servedRoutes(app: NestFastifyApplication): ServedRoute[] {
  // printRoutes draws a tree: a line per node, four characters of indent per level, its methods in brackets.
  const tree = app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
  const paths: string[] = [];
  const routes: ServedRoute[] = [];
  for (const line of tree.split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1].length / 4;
    const path = (depth ? paths[depth - 1] : '') + node[2];
    paths.length = depth;
    paths.push(path);
    if (!node[3] || !path.startsWith('/api/v1/') || path === '/api/v1/openapi.json') continue;
    for (const method of node[3].split(', '))
      if (method !== 'HEAD') routes.push({ method: method.toLowerCase(), path });
  }
  return routes;
}
