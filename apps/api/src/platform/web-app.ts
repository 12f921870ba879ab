import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, every other non-API path gets
 * index.html so the client router can answer it (its 404 page included).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexPath = path.join(webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300',
        );
      },
    });
  }
  const indexHtml = hasBuild ? fs.readFileSync(indexPath, 'utf8') : undefined;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/') || request.method !== 'GET') {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}` });
    }
    if (!indexHtml) {
      return reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build` first.');
    }
    return reply.type('text/html').header('Cache-Control', 'no-cache').send(indexHtml);
  });
}
