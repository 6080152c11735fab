import { sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { SentQuote } from './factories/index.js';
import type { TestContext } from './helpers.js';

/*
 * Messages that once stopped the inbox (issue 29), shared by the SMTP and IMAP tests.
 *
 * A processing failure is made real, not simulated: a trigger makes the database refuse the conversation
 * row of any message whose subject says VENENO (as a constraint, a bug or an unexpected header would);
 * dropping the trigger is "the fix".
 */

/**
 * Makes the database refuse, with `errcode`, every row of `table` that `condition` (SQL over `new`) picks:
 * a failure made real. Dropped by `allowInserts`.
 */
export async function refuseInserts(
  ctx: TestContext,
  name: string,
  table: string,
  condition: string,
  errcode: string,
  message = 'recusado pelo teste',
) {
  const db = ctx.app.services.database.db;
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
    begin
      if ${condition} then
        raise exception '${message}' using errcode = '${errcode}';
      end if;
      return new;
    end $$`),
  );
  await allowInserts(ctx, name, table);
  await db.execute(
    sql.raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`),
  );
}

export async function allowInserts(ctx: TestContext, name: string, table: string) {
  await ctx.app.services.database.db.execute(sql.raw(`drop trigger if exists ${name} on ${table}`));
}

export const poison = (ctx: TestContext) =>
  refuseInserts(ctx, 'recusa_veneno', 'cotacao_mensagens', "new.subject like '%VENENO%'", '23514');

export const cure = (ctx: TestContext) => allowInserts(ctx, 'recusa_veneno', 'cotacao_mensagens');

/** A reply whose subject and body carry NUL bytes inside their encoded words (PostgreSQL text refuses 0x00). */
export function nulReply(quote: SentQuote, messageId: string): Buffer {
  const subject = Buffer.from(`RE: ${quote.request.subject} \u0000 valores`, 'utf8').toString('base64');
  const body = Buffer.from('Frete 40HC: USD 2.100,00\u0000\r\nTHC: R$ 1.400,00\r\n', 'utf8').toString(
    'base64',
  );
  return Buffer.from(
    [
      `From: Pricing Atlântica <${quote.carrierEmail}>`,
      `To: ${quote.request.replyTo}`,
      `Subject: =?utf-8?B?${subject}?=`,
      `Message-ID: ${messageId}`,
      `In-Reply-To: ${quote.request.messageId}`,
      'Date: Mon, 1 Jan 99999 00:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      body,
      '',
    ].join('\r\n'),
  );
}

export async function poisonedReply(
  quote: SentQuote,
  messageId: string,
  attachment = false,
): Promise<Buffer> {
  const composer = new MailComposer({
    from: `Pricing Atlântica <${quote.carrierEmail}>`,
    to: quote.request.replyTo,
    subject: `RE: ${quote.request.subject} VENENO`,
    messageId,
    inReplyTo: quote.request.messageId,
    text: 'Frete 40HC: USD 1.900,00. SEGREDO-DO-CORPO: condições exclusivas.',
    attachments: attachment ? [{ filename: 'proposta.txt', content: 'Frete 40HC USD 1.900,00' }] : [],
  });
  return composer.compile().build();
}
