import { cleanText, inboundTexts } from '@cotacoes/shared';
import { AppError } from '../lib/errors.js';
import type { ParsedInbound } from './parse.js';

/**
 * Every text of a parsed message as the database can hold it (issue 29: one message with a NUL in its
 * subject stopped every company's replies): the one place where mail text is cleaned before it is stored.
 */
export function cleanParsed(parsed: ParsedInbound): ParsedInbound {
  const clean = (value: string | null) => (value === null ? null : cleanText(value));
  const list = (values: string[]) => values.map(cleanText);
  return {
    ...parsed,
    messageId: clean(parsed.messageId),
    inReplyTo: list(parsed.inReplyTo),
    references: list(parsed.references),
    from: { address: clean(parsed.from.address), name: clean(parsed.from.name) },
    to: list(parsed.to),
    cc: list(parsed.cc),
    deliveredTo: list(parsed.deliveredTo),
    subject: cleanText(parsed.subject),
    text: cleanText(parsed.text),
    html: clean(parsed.html),
    date: plausibleDate(parsed.date),
    attachments: parsed.attachments.map((attachment) => ({
      ...attachment,
      filename: cleanText(attachment.filename),
      contentType: cleanText(attachment.contentType),
    })),
    problem: clean(parsed.problem),
  };
}

/** A Date header the database can store and that means something (years 1970–9999), else none. */
function plausibleDate(date: Date | null): Date | null {
  if (!date) return null;
  const time = date.getTime();
  return Number.isFinite(time) && time >= 0 && time < Date.UTC(10_000, 0, 1) ? date : null;
}

type DatabaseError = { code?: unknown; message?: unknown };

/** The driver's error under a query error (drizzle wraps it; its own message holds the query's values). */
function databaseCause(error: unknown): DatabaseError | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as DatabaseError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}

/** Why processing failed, for the desenvolvedor who reads it (pt-BR, never the message's content). */
export function describeFailure(error: unknown): string {
  if (error instanceof AppError) return error.userMessage;
  const database = databaseCause(error);
  if (database) return inboundTexts.failure.database.replace('{code}', String(database.code));
  return inboundTexts.failure.unexpected;
}

/**
 * The reason for the log: the error's kind and the driver's message, cut short. Never the error's own
 * message when it comes from a query (drizzle puts the parameters, the raw message included, in it).
 */
export function failureSummary(error: unknown): string {
  if (error instanceof AppError) return error.code;
  const database = databaseCause(error);
  if (database) return `database ${String(database.code)}: ${String(database.message ?? '').slice(0, 200)}`;
  if (error instanceof Error) return `${error.name}: ${error.message.slice(0, 200)}`;
  return 'unknown error';
}
