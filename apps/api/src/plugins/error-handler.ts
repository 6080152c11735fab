import { fieldMessages, formatMessage } from '@cotacoes/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldError, validationError } from '../lib/errors.js';

function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.status === 429 && error.params?.seconds) reply.header('retry-after', error.params.seconds);
  return reply
    .status(error.status)
    .type('application/problem+json')
    .send({
      code: error.code,
      message: error.userMessage,
      status: error.status,
      ...(error.errors?.length ? { errors: error.errors } : {}),
    });
}

/** Maps every error to problem+json with a pt-BR message; 5xx details are logged, never sent. */
export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const errors: FieldError[] = fastifyError.validation.map((issue) => {
      const base = String(issue.instancePath ?? '')
        .replace(/^\//, '')
        .replaceAll('/', '.');
      const keys = (issue.params as { keys?: string[] }).keys;
      if (issue.keyword === 'unrecognized_keys' && keys?.length) {
        return {
          path: [base, keys.join(',')].filter(Boolean).join('.'),
          message: formatMessage(fieldMessages.fieldNotAllowed, { keys: keys.join(', ') }),
        };
      }
      return { path: base, message: issue.message ?? '' };
    });
    return validationError(errors);
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('MALFORMED_JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_NOT_FOUND':
      return new AppError('ROUTE_NOT_FOUND');
  }
  if (fastifyError instanceof SyntaxError && fastifyError.statusCode === 400)
    return new AppError('MALFORMED_JSON');
  if (fastifyError.statusCode === 429) return new AppError('RATE_LIMITED', { seconds: 60 });
  if (fastifyError.statusCode === 408) return new AppError('REQUEST_TIMEOUT');
  if (fastifyError.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (fastifyError.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new AppError('VALIDATION_FAILED', undefined, undefined, fastifyError.statusCode);
  }
  // Two people doing the same thing at once (assigning one message, say): the loser's insert meets the
  // winner's row. The first one stands; the second is told so, not given a 500.
  if (driverErrorOf(error)?.code === '23505') return new AppError('CONCURRENT_CHANGE');
  return new AppError('INTERNAL');
}

/** The database driver's error behind a failed statement (drizzle wraps it as `cause`). */
function driverErrorOf(error: unknown): { code?: unknown; message?: unknown; constraint?: unknown } | null {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const driver = cause && typeof cause === 'object' ? cause : error;
  return driver && typeof driver === 'object' && 'code' in driver ? (driver as { code?: unknown }) : null;
}

/**
 * What a failed request logs: a failed statement's SQL, SQLSTATE, constraint and the driver's message,
 * never its parameters — drizzle's message and properties list them, and they hold user and carrier data
 * (a reply's body, e-mail addresses: ADR 0021). Any other error is logged as it is.
 */
export function loggableError(error: unknown): unknown {
  const failed = error as { query?: unknown; params?: unknown; message?: unknown } | null;
  if (!failed || typeof failed !== 'object' || !('params' in failed)) return error;
  const driver = driverErrorOf(error) as { code?: unknown; message?: unknown; constraint?: unknown } | null;
  return {
    type: 'DatabaseQueryError',
    message:
      typeof driver?.message === 'string' ? driver.message.split('\n')[0]!.slice(0, 300) : 'query failed',
    query: typeof failed.query === 'string' ? failed.query.slice(0, 2000) : undefined,
    code: driver?.code,
    constraint: driver?.constraint,
  };
}

async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      const level = isResponseSerializationError(error) ? 'fatal' : 'error';
      request.log[level]({ err: loggableError(error), reqId: request.id }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, 'request rejected');
    }
    return sendProblem(reply, appError);
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
export { sendProblem };
