import fs from 'node:fs/promises';
import path from 'node:path';
import { problemSchema, successMessages } from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { simpleParser } from 'mailparser';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.js';
import { composeMessage } from '../../inbound/compose.js';
import type { InboundPipeline } from '../../inbound/pipeline.js';
import { AppError } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import { access } from '../../plugins/access.js';
import { isMailboxAvailable } from './dev-mailbox.routes.js';

const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * 'Responder como transportador' (local mode, issue 19 §2c): a real reply to a message of the local
 * mailbox — From the chosen recipient, To its Reply-To (the reply token), In-Reply-To its Message-ID —
 * handed to the one inbound pipeline, so the whole loop runs on `npm start` with no mail server.
 */
export const devMailboxReplyRoutes: FastifyPluginAsyncZod<{
  config: AppConfig;
  pipeline: InboundPipeline;
}> = async (app, { config, pipeline }) => {
  if (!isMailboxAvailable(config)) return;
  app.post(
    '/dev/mailbox/:id/reply',
    {
      config: { access: access.roles('desenvolvedor'), multipart: true },
      schema: {
        tags: ['dev'],
        params: z.object({ id: z.string().regex(/^[a-zA-Z0-9._@-]{1,200}$/) }),
        response: {
          201: z.object({ message: z.string(), cotacaoId: z.string().nullable(), outcome: z.string() }),
          400: problemSchema,
          404: problemSchema,
          413: problemSchema,
          415: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, {
        maxFileBytes: MAX_ATTACHMENT_BYTES,
        maxFiles: 5,
        notMultipart: new AppError('UNSUPPORTED_MEDIA_TYPE'),
        tooLarge: new AppError('QUOTE_FILE_TOO_LARGE', { max: MAX_ATTACHMENT_BYTES / 1024 / 1024 }),
      });
      const original = await fs
        .readFile(path.join(config.mailSentDir, `${request.params.id}.eml`))
        .then((bytes) => simpleParser(bytes))
        .catch(() => {
          throw new AppError('MAILBOX_MESSAGE_NOT_FOUND');
        });
      const recipients = [original.to, original.cc, original.bcc]
        .flat()
        .filter(Boolean)
        .flatMap((object) => object!.value.map((entry) => entry.address?.toLowerCase()))
        .filter((address): address is string => Boolean(address));
      const from = (form.fields.from ?? '').trim().toLowerCase();
      if (!recipients.includes(from)) throw new AppError('MAILBOX_REPLY_FROM_INVALID');
      const text = (form.fields.texto ?? '').trim();
      if (!text) throw new AppError('RESPONSE_CONTENT_REQUIRED');
      const replyTo = [original.replyTo].flat().filter(Boolean)[0]?.value[0]?.address;
      const raw = await composeMessage({
        from,
        to: [replyTo ?? config.MAIL_REPLY_ADDRESS],
        subject: `RE: ${original.subject ?? ''}`,
        text,
        inReplyTo: original.messageId ?? null,
        references: original.messageId ? [original.messageId] : [],
        attachments: Object.values(form.files)
          .flat()
          .map((file) => ({
            filename: file.filename,
            content: file.buffer,
          })),
      });
      const result = await pipeline.ingest(raw, { source: 'local' });
      if (result.status === 'falhou')
        throw new AppError('INBOUND_PROCESSING_FAILED', { erro: result.erro ?? '' });
      const outcome = result.outcome ?? 'nao_identificada';
      // Says what became of it: only an answer is "already in the quote" (the QA pass).
      const other = successMessages.mailboxReplyOutcome as Record<string, string>;
      return reply.status(201).send({
        message: other[outcome] ?? successMessages.mailboxReplySent,
        cotacaoId: result.cotacaoId,
        outcome,
      });
    },
  );
};
