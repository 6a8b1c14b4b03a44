import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute } from '@vocalis/domain/app-routes';

export type WebApp = {
  /** Hashes of index.html's inline scripts, for the Content-Security-Policy. */
  inlineScriptHashes: string[];
  /** Answers a browser navigation with the SPA's index.html; false when it is not one. */
  fallback(request: FastifyRequest, reply: FastifyReply): boolean;
};

const API_PREFIX = /^\/(v1|v2|api|dev|docs|openapi\.json|healthz|readyz)(\/|$|\?)/;

/** Serves the built React app (apps/web/dist) with index.html for every client-side route. */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<WebApp | null> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built (run `npm run build`); serving the API only');
    return null;
  }
  const index = readFileSync(indexFile, 'utf8');
  const inlineScriptHashes = [...index.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((body) => body.trim())
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, file) {
      // Vite's hashed assets never change; everything else is revalidated.
      res.setHeader(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  return {
    inlineScriptHashes,
    fallback(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      if (API_PREFIX.test(request.url)) return false;
      const pathname = request.url.split('?')[0] ?? '/';
      if (path.extname(pathname)) return false;
      // The shared route table decides: pages that exist answer 200, others 404 (the app shows its
      // not-found page either way).
      const known = pathname === '/' || matchRoute(pathname.replace(/\/$/, '') || '/')?.built === true;
      void reply
        .code(known ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(index);
      return true;
    },
  };
}
