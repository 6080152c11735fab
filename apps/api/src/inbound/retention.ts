import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { writeAudit } from '../lib/audit.js';
import { purgeInbound } from './inbound.repository.js';

/** Messages purged per transaction: a year of a busy company is cleared in short steps. */
const BATCH = 200;

export type RetentionResult = { quotes: number; messages: number };

/**
 * LGPD retention (issue 29): the raw bytes and attachments of the messages of quotes closed (APROVADA,
 * FECHADA, CANCELADA: `encerrada_em`) or deleted more than `days` ago are purged with the same function as
 * 'Descartar'. The response's extracted figures, the conversation text and the message's row (marked
 * `purgada_em`) stay; each purged quote gets an audit row. Messages still waiting or failed are left to the
 * sweeper and to a desenvolvedor. Safe to run in several processes at once (SKIP LOCKED).
 */
export async function purgeExpiredInbound(
  db: Database,
  days: number,
  now = new Date(),
): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const quotes = new Set<string>();
  let messages = 0;
  for (;;) {
    const purged = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: string; cotacao_id: string; empresa_id: string }>(sql`
        select m.id, m.cotacao_id, c.empresa_id
        from inbound_messages m
        join cotacoes c on c.id = m.cotacao_id
        where m.purgada_em is null and m.cotacao_id is not null
          and m.status in ('processada', 'ignorada')
          and coalesce(c.encerrada_em, c.deleted_at) < ${cutoff.toISOString()}
        order by m.cotacao_id
        limit ${BATCH}
        for update of m skip locked`);
      if (rows.length === 0) return 0;
      await purgeInbound(
        tx,
        rows.map((row) => row.id),
      );
      const byQuote = new Map<string, { empresaId: string; count: number }>();
      for (const row of rows) {
        const entry = byQuote.get(row.cotacao_id) ?? { empresaId: row.empresa_id, count: 0 };
        entry.count++;
        byQuote.set(row.cotacao_id, entry);
      }
      for (const [cotacaoId, { empresaId, count }] of byQuote) {
        quotes.add(cotacaoId);
        await writeAudit(tx, { userId: null, empresaId }, 'inbound.retencao', {
          entity: 'cotacao',
          entityId: cotacaoId,
          details: { mensagens: count, diasRetencao: days },
        });
      }
      return rows.length;
    });
    messages += purged;
    if (purged < BATCH) break;
  }
  return { quotes: quotes.size, messages };
}
