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
  return new AppError('INTERNAL');
}

async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      const level = isResponseSerializationError(error) ? 'fatal' : 'error';
      request.log[level]({ err: error, reqId: request.id }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, 'request rejected');
    }
    return sendProblem(reply, appError);
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
export { sendProblem };
