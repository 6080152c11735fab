import { type CreateQuoteBody, createQuoteBodySchema, fieldMessages, formatMessage } from '@cotacoes/shared';
import { AppError, validationError } from '../../lib/errors.js';

const JSON_FIELDS = new Set(['itens', 'destinatarios[transportadores]', 'destinatarios[grupos]']);

/**
 * The form of POST /quotes/create-with-file (spec 001 §7) as the JSON creation payload: booleans as
 * 'true'/'false', empty as null, `itens` and `destinatarios[...]` as JSON text; validated like POST /quotes.
 */
export function parseQuoteForm(fields: Record<string, string>): CreateQuoteBody {
  const body: Record<string, unknown> = {};
  const destinatarios: Record<string, unknown> = { transportadores: [], grupos: [] };
  for (const [name, raw] of Object.entries(fields)) {
    let value: unknown = raw;
    if (JSON_FIELDS.has(name)) {
      try {
        value = raw.trim() === '' ? [] : JSON.parse(raw);
      } catch {
        throw new AppError('QUOTE_FIELDS_INVALID', {
          detail: formatMessage(fieldMessages.notJsonList, { field: name }),
        });
      }
    } else if (raw === 'true' || raw === 'false') value = raw === 'true';
    else if (raw === '' || raw === 'null' || raw === 'undefined') value = null;
    const match = /^destinatarios\[(transportadores|grupos)\]$/.exec(name);
    if (match) destinatarios[match[1]!] = value;
    else body[name] = value;
  }
  body.destinatarios = destinatarios;
  const parsed = createQuoteBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw validationError(
    parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message:
        issue.code === 'unrecognized_keys'
          ? formatMessage(fieldMessages.fieldNotAllowed, { keys: issue.keys.join(', ') })
          : issue.message,
    })),
  );
}
