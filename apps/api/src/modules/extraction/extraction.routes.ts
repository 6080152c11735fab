import { extractFromText } from '@cotacoes/extraction';
import {
  type ExtractionResultData,
  extractionResultSchema,
  fieldMessages,
  formatMessage,
} from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.js';

/** Largest pasted text the test tool accepts (a long PDF's text fits many times over). */
export const EXTRACT_MAX_CHARS = 2_000_000;

/** `POST /api/quotes/extract {text}`: the extraction test tool of spec 001 (route /dev/extract). */
export const extractionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/quotes/extract',
    {
      bodyLimit: 8 * 1024 * 1024,
      config: { access: access.user, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['extraction'],
        body: z.strictObject({
          text: z
            .string({ error: fieldMessages.extractTextRequired })
            .min(1, fieldMessages.extractTextRequired)
            .max(
              EXTRACT_MAX_CHARS,
              formatMessage(fieldMessages.extractTextTooLong, {
                max: EXTRACT_MAX_CHARS.toLocaleString('pt-BR'),
              }),
            ),
        }),
        response: {
          200: z.object({ data: extractionResultSchema }),
        },
      },
    },
    async (request) => {
      const { final, detect, blocks } = extractFromText(request.body.text, { messageDate: new Date() });
      // The engine's types are stricter than the wire schema (which lets newer fields through).
      const data: ExtractionResultData = { final, detect, blocks };
      return { data };
    },
  );
};
