import {
  type FollowUpSettings,
  type FollowUpSettingsBody,
  formatMessage,
  isManualReminderSlot,
  type QuoteReminders,
  REMINDER_MIN_SPACING_HOURS,
  reminderSlotTimes,
  type SendRemindersBody,
  type SendRemindersResult,
  successMessages,
} from '@cotacoes/shared';
import { isRemindableStatus } from '@cotacoes/shared/rules/quote-status';
import type { Database } from '../../db/client.js';
import * as repo from '../../follow-up/follow-up.repository.js';
import { type ReminderDeps, remindQuote } from '../../follow-up/reminders.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

/**
 * Follow-up over HTTP (issue 35, ADR 0026): the company's settings ('Acompanhamento automático') and a
 * quote's reminders ('Lembretes': the switch, what was sent and comes next, 'Lembrar agora'). The sending
 * itself is src/follow-up's, shared with the scheduled job.
 */
export class FollowUpService {
  constructor(
    private readonly db: Database,
    private readonly deps: ReminderDeps,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** GET /empresas/my-company/follow-up: any member reads them (the approval page needs one). */
  settings(actor: Actor): Promise<FollowUpSettings> {
    return repo.settingsOf(this.db, actor.tenant);
  }

  /** PUT /empresas/my-company/follow-up (supervisors): replaces the settings, with its audit row. */
  async saveSettings(actor: Actor, body: FollowUpSettingsBody): Promise<FollowUpSettings> {
    return this.db.transaction(async (tx) => {
      const before = await repo.settingsOf(tx, actor.tenant);
      await repo.saveSettings(tx, actor.tenant, body, actor.userId);
      await writeAudit(tx, actor.meta, 'empresa.follow_up', {
        entity: 'empresa',
        entityId: actor.tenant.empresaId,
        details: { antes: before, depois: body },
      });
      return repo.settingsOf(tx, actor.tenant);
    });
  }

  /** GET /quotes/{id}/lembretes. */
  async quoteReminders(actor: Actor, cotacaoId: string): Promise<QuoteReminders> {
    const { tenant } = actor;
    const quote = await repo.findQuote(this.db, tenant, cotacaoId);
    if (!quote) throw new AppError('QUOTE_NOT_FOUND');
    const [settings, recipients, sent] = await Promise.all([
      repo.settingsOf(this.db, tenant),
      repo.recipientsOf(this.db, tenant, cotacaoId),
      repo.remindersOf(this.db, tenant, cotacaoId),
    ]);
    const now = this.now();
    const pending = recipients.filter((r) => r.respondeuEm === null && r.falhaEntrega === null && r.ativo);
    const automatic =
      isRemindableStatus(quote.status) &&
      quote.prazoResposta > now &&
      quote.remindersEnabled &&
      settings.remindersEnabled;
    const next = new Map<string, { slot: string; dueAt: Date; destinatarios: number }>();
    const spacing = REMINDER_MIN_SPACING_HOURS * 3_600_000;
    if (automatic)
      for (const recipient of pending) {
        const own = sent.filter((row) => row.destinatarioId === recipient.destinatarioId);
        // The job's rule: no automatic reminder within the spacing after the last one (sent or to come).
        let last = Math.max(0, ...own.map((row) => row.sentAt.getTime()));
        for (const { slot, dueAt } of reminderSlotTimes(settings, recipient.createdAt, quote.prazoResposta)) {
          if (dueAt <= now) continue;
          if (own.some((row) => row.slot === slot)) continue;
          if (last >= dueAt.getTime() - spacing) continue;
          last = dueAt.getTime();
          const entry = next.get(slot);
          if (entry) {
            entry.destinatarios += 1;
            if (dueAt < entry.dueAt) entry.dueAt = dueAt;
          } else next.set(slot, { slot, dueAt, destinatarios: 1 });
        }
      }
    return {
      ativos: quote.remindersEnabled,
      empresaAtivos: settings.remindersEnabled,
      enviados: sent.map((row) => ({
        transportadorId: row.transportadorId,
        nome: row.nome,
        slot: row.slot,
        sentAt: row.sentAt.toISOString(),
        manual: isManualReminderSlot(row.slot),
        enviadoPor: row.enviadoPor ?? null,
      })),
      proximos: [...next.values()]
        .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())
        .map((entry) => ({ ...entry, dueAt: entry.dueAt.toISOString() })),
      pendentes: pending.map((r) => ({ transportadorId: r.transportadorId, nome: r.nome })),
    };
  }

  /** PATCH /quotes/{id}/lembretes: the quote's 'Lembretes automáticos' switch. */
  async setQuoteReminders(actor: Actor, cotacaoId: string, ativos: boolean): Promise<QuoteReminders> {
    await this.db.transaction(async (tx) => {
      const quote = await repo.lockQuote(tx, actor.tenant, cotacaoId);
      if (!quote) throw new AppError('QUOTE_NOT_FOUND');
      if (quote.remindersEnabled === ativos) return;
      await repo.setQuoteReminders(tx, actor.tenant, cotacaoId, ativos);
      await writeAudit(tx, actor.meta, 'cotacao.lembretes_automaticos', {
        entity: 'cotacao',
        entityId: cotacaoId,
        details: { codigo: quote.codigo, ativos },
      });
    });
    return this.quoteReminders(actor, cotacaoId);
  }

  /** POST /quotes/{id}/lembretes/enviar ('Lembrar agora'): one carrier, or every one that has not answered. */
  async sendNow(actor: Actor, cotacaoId: string, body: SendRemindersBody): Promise<SendRemindersResult> {
    const { transportadores } = await remindQuote(
      this.db,
      this.deps,
      actor.tenant,
      cotacaoId,
      { kind: 'manual', transportadorId: body.transportadorId, userId: actor.userId },
      { now: this.now(), meta: actor.meta },
    );
    return {
      enviados: transportadores.length,
      message: formatMessage(successMessages.remindersSent, { n: transportadores.length }),
    };
  }
}
