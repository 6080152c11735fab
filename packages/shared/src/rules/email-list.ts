import { z } from 'zod';

/** At most this many addresses per carrier (a shared inbox plus a few people is the usual case). */
export const MAX_EMAILS_PER_TRANSPORTADOR = 20;

/** E-mails travel joined by ';' (spec 000 §9). */
export const EMAIL_SEPARATOR = ';';

const emailShape = z.email();

/** `{email}`-shaped and without spaces (spec 000 §5, simple agent modal). */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && !/\s/.test(value) && emailShape.safeParse(value).success;
}

export type EmailList = {
  /** Valid addresses, trimmed, lower-cased, each once, in the order given. */
  emails: string[];
  /** What was given but is not an e-mail address, as typed. */
  invalid: string[];
};

/**
 * Splits what a user typed or a file held into addresses: separated by ';', ',' or line breaks (a
 * pasted column), blanks dropped (spec 000 §5), lower-cased, duplicates removed.
 */
export function parseEmailList(input: string | readonly string[] | null | undefined): EmailList {
  const parts = (Array.isArray(input) ? input : [input ?? ''])
    .flatMap((part) => String(part).split(/[;,\n\r]+/))
    .map((part) => part.trim().replace(/^<(.*)>$/, '$1'))
    .filter((part) => part !== '');
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of parts) {
    const email = part.toLowerCase();
    if (!isValidEmail(email)) invalid.push(part);
    else if (!emails.includes(email)) emails.push(email);
  }
  return { emails, invalid };
}

export function joinEmails(emails: readonly string[]): string {
  return emails.join(EMAIL_SEPARATOR);
}
