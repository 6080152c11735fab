import type { ExtractionSandbox } from '@cotacoes/extraction/sandbox';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { cotacaoAnexos, cotacoes } from '../../db/schema/index.js';
import { type JobQueue, QUEUES } from '../../jobs/queue.js';

/** At most this much of a request file's text is kept: the containers asked are in its first lines. */
export const QUOTE_FILE_TEXT_MAX = 20_000;

/**
 * The request file of a quote in the PDF or Excel format, read by the extraction sandbox (the same child
 * processes and limits as a carrier's attachment, ADR 0022) into `cotacoes.texto_arquivo`: its text lines,
 * each once (a spreadsheet's sheets repeat them), capped. The comparison reads the containers asked from
 * it when no field of the quote names them (QA pass 8: an Excel-format quote of 2 × 40HC + 1 × 20DV was
 * priced as 3 × 40HC, and a portal answer as 1 × 40HC).
 *
 * A file the sandbox cannot read, or with no text, is stored as '' (read, nothing found: the comparison counts
 * as before and the page says no container was read); a sandbox that cannot start throws, and the job is
 * retried.
 */
export async function readQuoteFile(
  db: Database,
  sandbox: ExtractionSandbox,
  cotacaoId: string,
): Promise<void> {
  const [file] = await db
    .select({ nome: cotacaoAnexos.nome, conteudo: cotacaoAnexos.conteudo })
    .from(cotacaoAnexos)
    .where(and(eq(cotacaoAnexos.cotacaoId, cotacaoId), eq(cotacaoAnexos.tipo, 'arquivo')))
    .limit(1);
  if (!file) return;
  const outcome = await sandbox.extract(file.conteudo, file.nome);
  const blocks = outcome.ok ? outcome.result.blocks : [];
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const block of blocks)
    for (const line of block.lines) {
      const text = line.trim();
      if (text === '' || seen.has(text)) continue;
      seen.add(text);
      lines.push(text);
    }
  const texto = lines.join('\n').slice(0, QUOTE_FILE_TEXT_MAX);
  await db
    .update(cotacoes)
    .set({ textoArquivo: texto })
    .where(and(eq(cotacoes.id, cotacaoId), isNull(cotacoes.textoArquivo)));
}

/** The worker of `quotes.read-file` (queued by the quote's creation, in its transaction). */
export async function registerQuoteFileJob(
  jobs: JobQueue,
  db: Database,
  sandbox: ExtractionSandbox,
  pollSeconds: number,
  logger: FastifyBaseLogger,
): Promise<void> {
  await jobs.work<{ cotacaoId: string }>(
    QUEUES.quoteFileRead,
    async ({ cotacaoId }) => {
      try {
        await readQuoteFile(db, sandbox, cotacaoId);
      } catch (error) {
        logger.warn({ err: error, cotacaoId }, 'request file not read; will retry');
        throw error;
      }
    },
    pollSeconds,
  );
}
