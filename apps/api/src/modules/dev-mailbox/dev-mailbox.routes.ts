import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { simpleParser } from 'mailparser';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.js';
import { AppError } from '../../lib/errors.js';
import { access } from '../../plugins/access.js';

const MAX_LISTED = 200;

/**
 * The local mailbox is a mail catcher for MAIL_TRANSPORT=local outside production (ADR 0007). Its routes
 * exist only then, and only a signed-in desenvolvedor reads them: where the server listens says nothing
 * about who is calling (a reverse proxy on the same host makes every visitor "loopback").
 */
export function isMailboxAvailable(config: AppConfig): boolean {
  return config.MAIL_TRANSPORT === 'local' && !config.isProduction;
}

const summarySchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string(),
  text: z.string(),
});

/** What a message carries (issue 30: the local mailbox showed no attachment). */
const attachmentSchema = z.object({ filename: z.string(), contentType: z.string(), size: z.number() });

type StoredMessage = z.infer<typeof summarySchema> & {
  html: string | null;
  anexos: z.infer<typeof attachmentSchema>[];
};

/** Parsed messages by file; a file is written once (temp + rename), so its mtime identifies the content. */
const parsedCache = new Map<string, { mtimeMs: number; message: StoredMessage }>();
const CACHE_LIMIT = 2 * MAX_LISTED;

async function readMessage(dir: string, id: string, mtimeMs?: number): Promise<StoredMessage> {
  const file = path.join(dir, `${id}.eml`);
  const modified = mtimeMs ?? (await fs.stat(file)).mtimeMs;
  const cached = parsedCache.get(file);
  if (cached && cached.mtimeMs === modified) return cached.message;
  const parsed = await simpleParser(await fs.readFile(file));
  const addresses = (value: typeof parsed.to) =>
    [value]
      .flat()
      .filter(Boolean)
      .map((entry) => entry!.text)
      .join(', ');
  const message = {
    id,
    from: parsed.from?.text ?? '',
    to: [addresses(parsed.to), parsed.bcc ? `Cco: ${addresses(parsed.bcc)}` : ''].filter(Boolean).join(' · '),
    subject: parsed.subject ?? '',
    date: (parsed.date ?? new Date()).toISOString(),
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : null,
    anexos: parsed.attachments.map((file) => ({
      filename: file.filename ?? '',
      contentType: file.contentType,
      size: file.size,
    })),
  };
  if (parsedCache.size >= CACHE_LIMIT) parsedCache.delete(parsedCache.keys().next().value!);
  parsedCache.set(file, { mtimeMs: modified, message });
  return message;
}

export const devMailboxRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  if (!isMailboxAvailable(config)) return;
  const dir = config.mailSentDir;
  const developerOnly = access.roles('desenvolvedor');

  app.get(
    '/dev/mailbox',
    {
      config: { access: developerOnly },
      schema: { tags: ['dev'], response: { 200: z.object({ messages: z.array(summarySchema) }) } },
    },
    async () => {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      const files = await Promise.all(
        names
          .filter((name) => name.endsWith('.eml'))
          .map(async (name) => ({ name, mtime: (await fs.stat(path.join(dir, name))).mtimeMs })),
      );
      files.sort((a, b) => b.mtime - a.mtime);
      const messages = await Promise.all(
        files.slice(0, MAX_LISTED).map(async ({ name, mtime }) => {
          const {
            html: _html,
            anexos: _anexos,
            ...summary
          } = await readMessage(dir, name.slice(0, -4), mtime);
          return summary;
        }),
      );
      return { messages };
    },
  );

  app.get(
    '/dev/mailbox/:id',
    {
      config: { access: developerOnly },
      schema: {
        tags: ['dev'],
        params: z.object({ id: z.string().regex(/^[a-zA-Z0-9._@-]{1,200}$/) }),
        response: {
          200: summarySchema.extend({ html: z.string().nullable(), anexos: z.array(attachmentSchema) }),
        },
      },
    },
    async (request) => {
      try {
        return await readMessage(dir, request.params.id);
      } catch {
        throw new AppError('NOT_FOUND');
      }
    },
  );
};
