import {
  attachmentListSchema,
  conversationQuerySchema,
  conversationSchema,
  idParamsSchema,
} from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConversationService } from '../../conversation/conversation.service.js';
import { problemResponses } from '../../lib/errors.js';
import { access, requireActor } from '../../plugins/access.js';

const errors = problemResponses(400, 401, 403, 404);
const tags = ['conversation'];
const companyMember = access.company();

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266): any name, no header injection. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Spec 001 §7: the conversation of a quote and the attachments of its messages. */
export const conversationRoutes: FastifyPluginAsyncZod<{ conversation: ConversationService }> = async (
  app,
  { conversation },
) => {
  app.get(
    '/emails/by-cotacao/:id',
    {
      config: { access: companyMember },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: conversationQuerySchema,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => conversation.list(requireActor(request), request.params.id, request.query),
  );

  app.get(
    '/imap/attachments/:messageId',
    {
      config: { access: companyMember },
      schema: {
        tags,
        params: z.object({ messageId: idParamsSchema.shape.id }),
        response: { 200: attachmentListSchema, ...errors },
      },
    },
    async (request) => conversation.attachments(requireActor(request), request.params.messageId),
  );

  app.get(
    '/attachments/:key',
    {
      config: { access: companyMember },
      schema: { tags, params: z.object({ key: z.string().min(1).max(200) }) },
    },
    async (request, reply) => {
      const file = await conversation.download(requireActor(request), request.params.key);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
