import { z } from 'zod';
import { fieldMessages, formatMessage } from '../messages/index.js';

/** Pieces every list and form schema shares, with the catalogue's messages. */
export const uuidSchema = z.uuid({ error: fieldMessages.identifierInvalid });

export const maxCharsMessage = (max: number) => formatMessage(fieldMessages.maxChars, { max });

/** `search` of a list: trimmed, at most 200 characters. */
export const searchQuerySchema = z
  .string()
  .trim()
  .max(200, formatMessage(fieldMessages.searchMaxChars, { max: 200 }))
  .optional();

/**
 * A yes/no query parameter (`?resumo=true`): 'true'/'1' or 'false'/'0', absent is false; anything else
 * is refused with the catalogue's message.
 */
export const queryFlag = () =>
  z
    .enum(['true', 'false', '1', '0'], { error: fieldMessages.flagInvalid })
    .optional()
    .transform((value) => value === 'true' || value === '1');

/** Highest page a list accepts: far past any real list, well inside every integer type on the way. */
export const MAX_PAGE = 1_000_000;

const pageNumber = z.coerce
  .number({ error: fieldMessages.pageInvalid })
  .int(fieldMessages.pageInvalid)
  .min(1, fieldMessages.pageInvalid)
  .max(MAX_PAGE, formatMessage(fieldMessages.pageMax, { max: MAX_PAGE }));
const limitNumber = (max: number) =>
  z.coerce
    .number({ error: fieldMessages.limitInvalid })
    .int(fieldMessages.limitInvalid)
    .min(1, fieldMessages.limitInvalid)
    .max(max, formatMessage(fieldMessages.limitMax, { max }));

/** `page`/`limit` of a paginated list; both optional (the caller decides the defaults). */
export function pageQueryParams(maxLimit: number) {
  return { page: pageNumber.optional(), limit: limitNumber(maxLimit).optional() };
}
/** `page`/`limit` with defaults. */
export function pageQueryParamsWithDefaults(maxLimit: number, defaultLimit: number) {
  return { page: pageNumber.default(1), limit: limitNumber(maxLimit).default(defaultLimit) };
}
