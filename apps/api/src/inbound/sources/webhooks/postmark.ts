import { z } from 'zod';
import { composeFromFields, type HeaderPair, hashMessageId } from './compose.js';
import type { WebhookMessage } from './form.js';

const address = z.object({ Email: z.string(), Name: z.string().optional() }).loose();

/** The fields of Postmark's inbound JSON that the message is rebuilt from (the contract's list). */
export const postmarkInboundSchema = z
  .object({
    From: z.string().optional(),
    FromName: z.string().optional(),
    FromFull: address.optional(),
    To: z.string().optional(),
    ToFull: z.array(address).max(500).optional(),
    Cc: z.string().optional(),
    CcFull: z.array(address).max(500).optional(),
    BccFull: z.array(address).max(500).optional(),
    OriginalRecipient: z.string().optional(),
    Subject: z.string().optional(),
    MessageID: z.string().max(200).optional(),
    ReplyTo: z.string().optional(),
    Date: z.string().optional(),
    TextBody: z.string().optional(),
    HtmlBody: z.string().optional(),
    Headers: z
      .array(z.object({ Name: z.string(), Value: z.string() }).loose())
      .max(1000)
      .optional(),
    Attachments: z
      .array(
        z
          .object({
            Name: z.string(),
            Content: z.string(),
            ContentType: z.string().optional(),
            ContentID: z.string().optional(),
          })
          .loose(),
      )
      .max(200)
      .optional(),
    /** Present only when 'include raw email' is on: then it is the message, byte for byte. */
    RawEmail: z.string().optional(),
  })
  .loose();
export type PostmarkInbound = z.infer<typeof postmarkInboundSchema>;

function fromOf(body: PostmarkInbound): string | undefined {
  const email = body.FromFull?.Email ?? body.From;
  if (!email) return undefined;
  const name = body.FromFull?.Name ?? body.FromName;
  return name ? `"${name.replace(/["\\]/g, '')}" <${email}>` : email;
}

/**
 * Postmark's inbound JSON → the raw message (issue 34 §3). Postmark posts no raw MIME unless 'include
 * raw email' is on (`RawEmail`): the message is composed from its fields (the original headers in
 * `Headers`, which carry Message-ID, In-Reply-To and References), its bodies and base64 attachments.
 * Without a Message-ID header, Postmark's own `MessageID` keeps its retries one message (R4).
 */
export async function postmarkMessage(body: PostmarkInbound): Promise<WebhookMessage | null> {
  const envelopeTo = [
    body.OriginalRecipient,
    ...(body.ToFull ?? []).map((to) => to.Email),
    ...(body.CcFull ?? []).map((cc) => cc.Email),
    ...(body.BccFull ?? []).map((bcc) => bcc.Email),
  ]
    .filter((value): value is string => Boolean(value?.includes('@')))
    .slice(0, 50);
  if (body.RawEmail) return { raw: Buffer.from(body.RawEmail, 'utf8'), envelopeTo };
  const from = fromOf(body);
  if (!from) return null;
  const pairs: HeaderPair[] = [
    ['From', from],
    ...(body.To ? [['To', body.To] as HeaderPair] : []),
    ...(body.Cc ? [['Cc', body.Cc] as HeaderPair] : []),
    ...(body.ReplyTo ? [['Reply-To', body.ReplyTo] as HeaderPair] : []),
    ['Subject', body.Subject ?? ''],
    ...(body.Date ? [['Date', body.Date] as HeaderPair] : []),
    ...(body.Headers ?? []).map((header) => [header.Name, header.Value] as HeaderPair),
  ];
  const raw = await composeFromFields({
    headers: pairs,
    text: body.TextBody,
    html: body.HtmlBody,
    attachments: (body.Attachments ?? []).map((file) => ({
      filename: file.Name,
      content: Buffer.from(file.Content, 'base64'),
      contentType: file.ContentType,
      ...(file.ContentID ? { cid: file.ContentID.replace(/^<|>$/g, '') } : {}),
    })),
    fallbackMessageId: body.MessageID
      ? `<${body.MessageID.replace(/[^\w.-]/g, '')}@postmark.inbound>`
      : hashMessageId('postmark.inbound', from, body.Subject, body.TextBody, body.HtmlBody),
  });
  return { raw, envelopeTo };
}
