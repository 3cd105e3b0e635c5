import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  databaseRetryAfterSeconds,
  errorMessages,
  type ErrorCode,
  type ErrorReply,
} from '@confab/protocol/errors';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError } from '../lib/app-error';
import { nulCharacterMessage, nulCharacterPath } from '../lib/nul-guard';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'TIMEOUT',
};

// Fastify's own 4xx messages name internals (FST_ codes, content types); these read better.
const messageByFastifyCode: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than 1 MiB',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json',
};

/** Turns every error into `{statusCode, code, message}`; a 5xx never shows its internal message. */
export const errorsPlugin = fp(
  (app, _opts, done) => {
    app.setErrorHandler(errorHandler());
    // Before schema validation, so every route refuses it the same way (see nul-guard).
    app.addHook('preValidation', async (request) => {
      const where =
        nulCharacterPath(request.params) ??
        nulCharacterPath(request.body) ??
        nulCharacterPath(request.query);
      if (where) {
        throw new AppError(400, 'VALIDATION_ERROR', `${where}: ${nulCharacterMessage}`, {
          [where]: nulCharacterMessage,
        });
      }
    });
    done();
  },
  { name: 'errors' },
);

/**
 * The error handler; a group of routes may set its own with `prefixFor`, which names what
 * failed (for example the social API's fixed failure text of an operation).
 */
export function errorHandler(prefixFor?: (request: FastifyRequest) => string | undefined) {
  return (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const body = toErrorReply(error);
    if (isLoggedAsFailure(body)) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, statusCode: body.statusCode }, body.message);
    if (body.retryAfter) void reply.header('retry-after', String(body.retryAfter));
    const prefix = prefixFor?.(request);
    if (prefix) body.message = `${prefix}：${body.message}`;
    return reply.code(body.statusCode).send(body);
  };
}

/**
 * A 5xx is logged with its error, but for a database outage: the database connection logs
 * that once when it starts and once when it ends (see app.ts), not once per request.
 */
export function isLoggedAsFailure(reply: ErrorReply): boolean {
  return reply.statusCode >= 500 && reply.code !== 'DATABASE_UNAVAILABLE';
}

export function toErrorReply(error: unknown): ErrorReply {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.fields && { fields: error.fields }),
      ...(error.retryAfterSeconds && { retryAfter: error.retryAfterSeconds }),
      ...(error.reason && { reason: error.reason }),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      fields[path || '_'] ??= issue.message ?? 'Invalid value';
    }
    const [first] = error.validation;
    const where = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const detail = first?.message ?? 'Invalid request';
    const message = where ? `${where}: ${detail}` : detail;
    return { statusCode: 400, code: 'VALIDATION_ERROR', message, fields };
  }
  if (isFastifyError(error) && !isResponseSerializationError(error)) {
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return {
        statusCode,
        code: codeByStatus[statusCode] ?? 'REQUEST_ERROR',
        message: messageByFastifyCode[error.code] ?? error.message,
      };
    }
  }
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      code: 'DATABASE_UNAVAILABLE',
      message: errorMessages.DATABASE_UNAVAILABLE,
      retryAfter: databaseRetryAfterSeconds,
    };
  }
  return { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal Server Error' };
}

function isFastifyError(error: unknown): error is FastifyError {
  return typeof error === 'object' && error !== null && 'statusCode' in error && 'message' in error;
}
