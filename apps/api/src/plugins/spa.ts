import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { sendProblem } from './error-handler.js';

/**
 * Serves the built SPA (pre-compressed where the build made .br/.gz files); any non-API GET that is not a
 * file answers index.html (client routes).
 */
async function spaPlugin(app: FastifyInstance, options: { distDir: string }) {
  const indexPath = path.join(options.distDir, 'index.html');
  const hasSpa = fs.existsSync(indexPath);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // `vite build` wrote .br and .gz beside each text file: sent as such to clients that accept them,
      // with Vary: Accept-Encoding (ADR 0014).
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, 'web build not found: only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendProblem(reply, new AppError('ROUTE_NOT_FOUND'));
  });
}

export default fp(spaPlugin, { name: 'spa' });
