import { isWaitingStatus, quoteStatusInfo } from '@cotacoes/shared';
import { and, eq } from 'drizzle-orm';
import type { Headers } from 'mailparser';
import type { AppConfig } from '../config/env.js';
import type { Database, Transaction } from '../db/client.js';
import { respostas, type SenderAuthentication } from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';
import { type AuditContext, writeAudit } from '../lib/audit.js';
import { AppError } from '../lib/errors.js';
import { applyQuoteEvent } from '../quote-lifecycle/quote-lifecycle.js';
import { senderAuthenticationOf } from './authenticity.js';
import * as repo from './inbound.repository.js';

/**
 * 'Remetente não verificado' (issue 29 item 8, ADR 0023): a reply whose sender is not vouched for is kept
 * and counted, but flagged; it becomes the current version only where no verified one would be replaced,
 * otherwise it waits for an analyst's confirmation (POST …/respostas/:respostaId/confirmar-remetente).
 */

/** Why a sender is not verified (stored in the message's flags as `remetenteNaoVerificado`). */
export type UnverifiedReason =
  | 'autenticacao'
  | 'codigo'
  | 'token_compartilhado'
  | 'outro_dominio'
  | 'sem_remetente';

/** What the pipeline's matching found, as far as the sender is concerned. */
export type SenderMatch = {
  by: 'token' | 'thread' | 'subject' | 'manual' | 'portal';
  unknownSender: boolean;
  /** Matched by the quote's shared (bcc) token rather than the carrier's own. */
  sharedToken?: boolean;
  /** The sender's domain is none of the matched carrier's. */
  foreignDomain?: boolean;
};

/**
 * The reason a matched reply's sender is not verified, or null: its DKIM/SPF/DMARC failed (or nothing
 * vouched for its From domain); it was matched by the quote code alone; it came under the shared bcc
 * token from an address that is not the matched carrier's; or under the carrier's own token from a domain
 * that is none of the carrier's. An answer registered by hand is the user's.
 */
export function unverifiedReason(
  match: SenderMatch,
  authentication: SenderAuthentication | null | undefined,
  hasSender = true,
): UnverifiedReason | null {
  // By hand (the user's word) or on the portal (the carrier opened a link mailed to its own address).
  if (match.by === 'manual' || match.by === 'portal') return null;
  // No From at all (QA pass 37: it said "de um domínio que não é o deste agente", there was no domain).
  if (!hasSender) return 'sem_remetente';
  if (authentication?.verificado === false) return 'autenticacao';
  if (match.by === 'subject') return 'codigo';
  if (match.by === 'token' && match.sharedToken && match.unknownSender) return 'token_compartilhado';
  // The carrier's own token from another domain (a forwarded request, a personal mailbox, someone who got
  // hold of the link): counted, but it does not replace a verified price until an analyst confirms it.
  if (match.by === 'token' && match.unknownSender && match.foreignDomain) return 'outro_dominio';
  return null;
}

/** The sender check a stored message is processed with (see `senderAuthenticationOf`). */
export function senderAuthenticationFor(
  stored: SenderAuthentication | undefined,
  headers: Headers,
  fromAddress: string | null,
  config: Pick<AppConfig, 'INBOUND_TRUSTED_AUTHSERV_IDS'>,
): SenderAuthentication | undefined {
  return (
    senderAuthenticationOf(stored, headers, fromAddress, config.INBOUND_TRUSTED_AUTHSERV_IDS) ?? undefined
  );
}

/** Keeps the sender check with the message (inbound_messages.autenticacao). */
export async function recordSenderAuthentication(
  tx: Transaction,
  inboundId: string,
  authentication: SenderAuthentication | undefined,
): Promise<void> {
  if (authentication) await repo.updateInbound(tx, inboundId, { autenticacao: authentication });
}

/** A verified version: its sender was never in doubt, or an analyst confirmed it. */
function isVerified(row: { remetenteNaoVerificado: boolean; remetenteConfirmadoEm: Date | null }): boolean {
  return !row.remetenteNaoVerificado || row.remetenteConfirmadoEm !== null;
}

/**
 * Where a new version of a recipient's answer goes: the current one (the previous current is retired and
 * any version still waiting for confirmation is superseded), or — an unverified sender over a verified
 * current version — held beside it, waiting for an analyst. Runs in the version's transaction.
 */
export async function placeNewVersion(
  tx: Transaction,
  tenant: Tenant,
  destinatarioId: string,
  unverified: boolean,
): Promise<{ atual: boolean; aguardandoConfirmacao: boolean }> {
  if (unverified) {
    const current = await repo.currentResponse(tx, tenant, destinatarioId);
    if (current && isVerified(current)) return { atual: false, aguardandoConfirmacao: true };
  }
  await repo.retireCurrentVersion(tx, tenant, destinatarioId);
  await tx
    .update(respostas)
    .set({ aguardandoConfirmacao: false, updatedAt: new Date() })
    .where(
      inTenant(
        respostas.empresaId,
        tenant,
        eq(respostas.destinatarioId, destinatarioId),
        eq(respostas.aguardandoConfirmacao, true),
      ),
    );
  return { atual: true, aguardandoConfirmacao: false };
}

/**
 * 'Confirmar remetente' (analyst): the analyst vouches for the sender of an unverified version. A version
 * held back becomes the current one (the quote must still be open); the current one just loses its flag.
 * 404 for a quote or response outside the tenant, 409 when there is nothing to confirm. Audited.
 */
export async function confirmSender(
  db: Database,
  tenant: Tenant,
  who: AuditContext & { userId: string },
  cotacaoId: string,
  respostaId: string,
): Promise<{ transportadorId: string }> {
  return db.transaction(async (tx) => {
    const quote = await repo.findQuoteForUpdate(tx, tenant, cotacaoId);
    if (!quote || quote.deletedAt) throw new AppError('QUOTE_NOT_FOUND');
    const [row] = await tx
      .select({
        id: respostas.id,
        destinatarioId: respostas.destinatarioId,
        transportadorId: respostas.transportadorId,
        atual: respostas.atual,
        versao: respostas.versao,
        remetenteNaoVerificado: respostas.remetenteNaoVerificado,
        aguardandoConfirmacao: respostas.aguardandoConfirmacao,
        remetenteConfirmadoEm: respostas.remetenteConfirmadoEm,
      })
      .from(respostas)
      .where(
        inTenant(
          respostas.empresaId,
          tenant,
          and(eq(respostas.cotacaoId, cotacaoId), eq(respostas.id, respostaId)),
        ),
      )
      .for('update');
    if (!row) throw new AppError('RESPONSE_NOT_FOUND');
    const pending = row.aguardandoConfirmacao || (row.atual && row.remetenteNaoVerificado);
    if (!pending || row.remetenteConfirmadoEm) throw new AppError('SENDER_CONFIRMATION_NOT_PENDING');
    const now = new Date();
    if (row.aguardandoConfirmacao) {
      if (!isWaitingStatus(quote.status))
        throw new AppError('SENDER_CONFIRMATION_QUOTE_FINAL', {
          status: quoteStatusInfo(quote.status).label,
        });
      await repo.retireCurrentVersion(tx, tenant, row.destinatarioId);
    }
    await tx
      .update(respostas)
      .set({
        atual: true,
        aguardandoConfirmacao: false,
        remetenteConfirmadoPor: who.userId,
        remetenteConfirmadoEm: now,
        updatedAt: now,
      })
      .where(inTenant(respostas.empresaId, tenant, eq(respostas.id, row.id)));
    // A held version answers a pending revision the way a new current version does (ADR 0015).
    if (row.aguardandoConfirmacao)
      await applyQuoteEvent(tx, tenant, cotacaoId, { type: 'heldReplyConfirmed' }, now);
    await writeAudit(tx, { ...who, empresaId: tenant.empresaId }, 'resposta.confirmar_remetente', {
      entity: 'resposta',
      entityId: row.id,
      details: { cotacaoId, versao: row.versao, tornouAtual: row.aguardandoConfirmacao },
    });
    return { transportadorId: row.transportadorId };
  });
}
