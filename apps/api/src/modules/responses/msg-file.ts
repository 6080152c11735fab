import { createHash } from 'node:crypto';
import { parseMsg } from '@cotacoes/extraction/msg';
import { composeMessage } from '../../inbound/compose.js';
import { AppError } from '../../lib/errors.js';

/**
 * An Outlook .msg file as an RFC 822 message, so it enters the pipeline like any other. Its Message-ID is
 * derived from the file's bytes: registering the same file twice is recognised.
 */
export async function msgToRaw(buffer: Buffer): Promise<Buffer> {
  let parsed: ReturnType<typeof parseMsg>;
  try {
    parsed = parseMsg(buffer, 20);
  } catch {
    throw new AppError('RESPONSE_FILE_UNREADABLE');
  }
  const split = parsed.text.indexOf('\n\n');
  const head = split < 0 ? '' : parsed.text.slice(0, split);
  const body = split < 0 ? parsed.text : parsed.text.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const from =
    /<([^>]+@[^>]+)>/.exec(header('From'))?.[1] ?? (header('From').includes('@') ? header('From') : '');
  const date = new Date(header('Date'));
  const hash = createHash('sha256').update(buffer).digest('hex').slice(0, 32);
  return composeMessage({
    from: from || 'remetente-desconhecido@invalid',
    to: [],
    subject: header('Subject'),
    text: body,
    messageId: `<msg-${hash}@cotacoes.local>`,
    date: Number.isNaN(date.getTime()) ? new Date() : date,
    attachments: parsed.attachments.map((a) => ({ filename: a.filename, content: Buffer.from(a.content) })),
  });
}
