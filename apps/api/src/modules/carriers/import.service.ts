import {
  DEFAULT_GRUPO_COR,
  errorMessage,
  errorMessages,
  formatMessage,
  type ImportCommitBody,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
  joinEmails,
  MAX_EMAILS_PER_TRANSPORTADOR,
  nameKey,
  parseEmailList,
  importRowMessages as rowMessages,
  successMessages,
  type TransportadorFilter,
} from '@cotacoes/shared';
import type { Database, Executor } from '../../db/client.js';
import type { Tenant } from '../../db/tenant.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './carriers.repository.js';
import { type RawImportRow, readImportFile, writeExport } from './import-file.js';

function splitGrupos(cell: string | readonly string[]): string[] {
  const names = (typeof cell === 'string' ? [cell] : cell)
    .flatMap((part) => part.split(/[;,\n]+/))
    .map((name) => name.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  const seen = new Set<string>();
  return names.filter((name) => !seen.has(nameKey(name)) && seen.add(nameKey(name)));
}

type Classified = {
  rows: ImportRow[];
  gruposNovos: string[];
  grupoIds: Map<string, string>;
  /** How many addresses each existing carrier of the file already has. */
  emailCounts: Map<string, number>;
};

/**
 * Carrier import from CSV/XLSX (beyond the spec): a preview classifies every row as new, an update of
 * the carrier that already has one of its e-mails, or invalid with the reasons; nothing is written until
 * the confirmation, which classifies the rows again and writes the valid ones in one transaction.
 */
export class CarrierImportService {
  constructor(
    private readonly db: Database,
    /** After a committed import: the embedded database gathers statistics (ADR 0031). */
    private readonly afterBulkWrite: () => Promise<void> = async () => {},
  ) {}

  async preview(actor: Actor, arquivo: string, buffer: Buffer): Promise<ImportPreview> {
    const { tenant } = actor;
    const raw = readImportFile(buffer);
    const { rows, gruposNovos } = await this.classify(this.db, tenant, raw);
    return {
      arquivo,
      linhas: rows,
      resumo: {
        total: rows.length,
        novos: rows.filter((row) => row.status === 'novo').length,
        atualizados: rows.filter((row) => row.status === 'atualizar').length,
        invalidos: rows.filter((row) => row.status === 'invalido').length,
      },
      gruposNovos,
    };
  }

  async commit(actor: Actor, body: ImportCommitBody): Promise<ImportResult> {
    const { tenant } = actor;
    const raw: RawImportRow[] = body.linhas.map((row, index) => ({
      linha: row.linha ?? index + 2,
      nome: row.nome,
      emails: joinEmails(row.emails),
      grupos: row.grupos.join(';'),
    }));
    const result = await this.db.transaction(async (tx) => {
      const { rows, gruposNovos, grupoIds, emailCounts } = await this.classify(tx, tenant, raw);
      const valid = rows.filter((row) => row.status !== 'invalido');
      if (valid.length === 0) throw new AppError('IMPORT_NOTHING_VALID');
      for (const nome of gruposNovos) {
        const grupo = await repo.insertGrupo(tx, tenant, {
          nome,
          descricao: null,
          cor: DEFAULT_GRUPO_COR,
          ativo: true,
          createdBy: actor.userId,
        });
        grupoIds.set(nameKey(nome), grupo.id);
      }
      const novos = valid.filter((row) => row.status === 'novo');
      const created = await repo.insertTransportadores(
        tx,
        tenant,
        novos.map((row) => ({ nome: row.nome, ativo: true, createdBy: actor.userId })),
      );
      const emailRows: { transportadorId: string; email: string; posicao: number }[] = [];
      const memberships: { grupoId: string; transportadorId: string }[] = [];
      novos.forEach((row, index) => {
        const transportadorId = created[index]!.id;
        row.emails.forEach((email, posicao) => {
          emailRows.push({ transportadorId, email, posicao });
        });
        for (const nome of row.grupos)
          memberships.push({ grupoId: grupoIds.get(nameKey(nome))!, transportadorId });
      });
      for (const row of valid.filter((r) => r.status === 'atualizar')) {
        const transportadorId = row.existente!.id;
        await repo.updateTransportador(tx, tenant, transportadorId, { nome: row.nome });
        const start = emailCounts.get(transportadorId) ?? 0;
        row.emailsNovos.forEach((email, i) => {
          emailRows.push({ transportadorId, email, posicao: start + i });
        });
        for (const nome of row.grupos)
          memberships.push({ grupoId: grupoIds.get(nameKey(nome))!, transportadorId });
      }
      await repo.insertEmails(tx, tenant, emailRows);
      await repo.addMembers(tx, tenant, memberships);
      const result = {
        criados: created.length,
        atualizados: valid.length - created.length,
        ignorados: rows.length - valid.length + (body.ignoradas ?? 0),
        gruposCriados: gruposNovos.length,
      };
      await writeAudit(tx, actor.meta, 'transportador.import', {
        entity: 'transportador',
        details: result,
      });
      return { message: formatMessage(successMessages.importDone, result), ...result };
    });
    // Not awaited: the answer does not wait for the statistics (a failure is the next period's to fix).
    void this.afterBulkWrite().catch(() => {});
    return result;
  }

  /** Every row's fate against the company's carriers and groups, and against earlier rows of the file. */
  private async classify(executor: Executor, tenant: Tenant, raw: RawImportRow[]): Promise<Classified> {
    const parsed = raw.map((row) => ({
      row,
      list: parseEmailList(row.emails),
      grupos: splitGrupos(row.grupos),
    }));
    const allEmails = [...new Set(parsed.flatMap((p) => p.list.emails))];
    const owners = await repo.carriersByEmail(executor, tenant, allEmails);
    const grupoIds = new Map((await repo.allGrupos(executor, tenant)).map((g) => [nameKey(g.nome), g.id]));
    const gruposNovos = new Map<string, string>();
    const names = await repo.liveCarrierNames(executor, tenant);
    const lineOfName = new Map<string, number>();
    const firstLineOf = new Map<string, number>();
    const updated = new Map<string, number>();
    const rows = parsed.map(({ row, list, grupos }): ImportRow => {
      const erros: string[] = [];
      if (!row.nome.trim()) erros.push(errorMessages.TRANSPORTADOR_NOME_REQUIRED);
      else if (row.nome.length > 200) erros.push(formatMessage(rowMessages.nameTooLong, { max: 200 }));
      for (const email of list.invalid) erros.push(errorMessage('TRANSPORTADOR_EMAIL_INVALID', { email }));
      if (list.emails.length === 0 && list.invalid.length === 0)
        erros.push(errorMessages.TRANSPORTADOR_EMAIL_REQUIRED);
      if (list.emails.length > MAX_EMAILS_PER_TRANSPORTADOR)
        erros.push(errorMessage('TRANSPORTADOR_TOO_MANY_EMAILS', { max: MAX_EMAILS_PER_TRANSPORTADOR }));
      for (const nome of grupos)
        if (nome.length > 120) erros.push(formatMessage(rowMessages.groupNameTooLong, { max: 120, nome }));
      for (const email of list.emails) {
        const line = firstLineOf.get(email);
        if (line !== undefined) erros.push(formatMessage(rowMessages.emailRepeated, { email, linha: line }));
      }
      const existing = [
        ...new Map(
          list.emails.flatMap((e) => (owners.has(e) ? [[owners.get(e)!.id, owners.get(e)!]] : [])),
        ).values(),
      ];
      if (existing.length > 1)
        erros.push(
          formatMessage(rowMessages.emailsOfTwoCarriers, {
            nomes: existing.map((o) => `"${o.nome}"`).join(' e '),
          }),
        );
      const target = existing.length === 1 ? existing[0]! : null;
      if (target && updated.has(target.id))
        erros.push(
          formatMessage(rowMessages.carrierAlreadyUpdated, {
            nome: target.nome,
            linha: updated.get(target.id)!,
          }),
        );
      // One carrier per name, as the form's rule (QA pass 19): not another's name, not a name twice.
      const key = nameKey(row.nome);
      const namesake = row.nome.trim() ? names.get(key) : undefined;
      if (namesake && namesake.id !== target?.id)
        erros.push(formatMessage(rowMessages.nameInUse, { nome: namesake.nome }));
      if (row.nome.trim() && lineOfName.has(key))
        erros.push(
          formatMessage(rowMessages.nameRepeated, { nome: row.nome.trim(), linha: lineOfName.get(key)! }),
        );
      const status = erros.length > 0 ? 'invalido' : target ? 'atualizar' : 'novo';
      if (status !== 'invalido') {
        for (const email of list.emails) firstLineOf.set(email, row.linha);
        lineOfName.set(key, row.linha);
        if (target) updated.set(target.id, row.linha);
        for (const nome of grupos)
          if (!grupoIds.has(nameKey(nome)) && !gruposNovos.has(nameKey(nome)))
            gruposNovos.set(nameKey(nome), nome);
      }
      return {
        linha: row.linha,
        nome: row.nome.trim(),
        emails: list.emails,
        grupos,
        status,
        erros,
        existente: target ? { id: target.id, nome: target.nome } : null,
        emailsNovos: target ? list.emails.filter((email) => !target.emails.includes(email)) : list.emails,
      };
    });
    const emailCounts = new Map([...owners.values()].map((owner) => [owner.id, owner.emails.length]));
    return { rows, gruposNovos: [...gruposNovos.values()], grupoIds, emailCounts };
  }

  /** The carriers matching the filter as a CSV or XLSX file (the columns the import reads). */
  async export(
    actor: Actor,
    filter: TransportadorFilter,
    format: 'csv' | 'xlsx',
  ): Promise<{ filename: string; contentType: string; body: Buffer }> {
    const { tenant } = actor;
    const { rows: carriers } = await repo.listTransportadores(this.db, tenant, filter);
    const rows = carriers.map((c) => [
      c.nome,
      joinEmails(c.emails),
      c.grupos.map((g) => g.nome).join(';'),
      c.ativo ? 'Ativo' : 'Inativo',
    ]);
    const date = new Date().toISOString().slice(0, 10);
    return {
      filename: `agentes-de-carga-${date}.${format}`,
      contentType:
        format === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body: writeExport(rows, format),
    };
  }
}
