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
  // Callback style: a request with nothing unsafe costs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const found =
      check('params', request.params) ?? check('querystring', request.query) ?? check('body', request.body);
    done(found);
  });
}

function check(where: string, value: unknown) {
  const found = findUnsafeText(value);
  return found ? validationError([{ path: found.path || where, message: found.message }]) : undefined;
}

export default fp(inputGuardPlugin, { name: 'input-guard' });
