import { findUnsafeText } from '@cotacoes/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validationError } from '../lib/errors.js';

/**
 * Applies the one text rule (packages/shared rules/text.ts: no NUL, no lone surrogate) to the path
 * parameters, query and JSON body of every route before its schema runs, so no such string reaches a
 * service or the database (issue 18). Multipart fields go through the same rule in lib/multipart.ts.
 */
async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = findUnsafeText(value);
      if (found) throw validationError([{ path: found.path || where, message: found.message }]);
    }
  });
}

export default fp(inputGuardPlugin, { name: 'input-guard' });
