import { errorMessage, formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { type ImportRowStatus, MAX_IMPORT_BYTES } from '@cotacoes/shared/schemas/carriers';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { DownloadIcon, UploadIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Pagination } from '@/components/ui/pagination';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { errorText, saveBlob } from '@/lib/api-client';
import { type ImportResult, rowsToImport, useCommitImport } from '../api/commit-import';
import { type ImportPreview, previewImport } from '../api/preview-import';

const t = ui.management.import;
const PREVIEW_PAGE_SIZE = 100;
const MAX_MB = MAX_IMPORT_BYTES / (1024 * 1024);

const statusBadge: Record<ImportRowStatus, { label: string; variant: BadgeVariant }> = {
  novo: { label: t.statusNovo, variant: 'success' },
  atualizar: { label: t.statusAtualizar, variant: 'primary' },
  invalido: { label: t.statusInvalido, variant: 'danger' },
};

type Step =
  | { kind: 'choose'; error: string | null }
  | { kind: 'uploading'; progress: number }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'done'; result: ImportResult };

/** The file's problems we can see before sending it: wrong extension or over the size limit. */
function checkFile(file: File): string | null {
  if (!/\.(csv|xlsx|xls)$/i.test(file.name)) return errorMessage('IMPORT_FILE_TYPE');
  if (file.size > MAX_IMPORT_BYTES) return errorMessage('IMPORT_FILE_TOO_LARGE', { max: MAX_MB });
  return null;
}

function downloadTemplate() {
  const rows = [
    'Nome;E-mails;Grupos',
    `${t.templateRow};"comercial@atlantico.com.br;operacional@atlantico.com.br";"Marítimo Ásia;Aéreo EUA"`,
  ];
  // BOM so Excel opens the accents as UTF-8.
  saveBlob(new Blob([`\uFEFF${rows.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' }), t.templateFile);
}

function Summary({ preview }: { preview: ImportPreview }) {
  const items = [
    { label: t.summaryTotal, value: preview.resumo.total },
    { label: t.summaryNew, value: preview.resumo.novos },
    { label: t.summaryUpdate, value: preview.resumo.atualizados },
    { label: t.summaryInvalid, value: preview.resumo.invalidos },
  ];
  return (
    <section aria-labelledby="import-summary-title" className="space-y-3">
      <h3 id="import-summary-title" className="text-sm font-semibold break-all text-fg">
        {formatMessage(t.summaryTitle, { arquivo: preview.arquivo })}
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="rounded-lg border border-border bg-surface-muted/60 px-3 py-2">
            <dt className="text-xs text-fg-muted">{item.label}</dt>
            <dd className="text-lg font-semibold text-fg">{item.value}</dd>
          </div>
        ))}
      </dl>
      {preview.gruposNovos.length > 0 && (
        <p className="text-sm text-fg">
          {formatMessage(t.newGroups, { grupos: preview.gruposNovos.join(', ') })}
        </p>
      )}
    </section>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const [filter, setFilter] = useState<'all' | ImportRowStatus>('all');
  const [page, setPage] = useState(1);
  const rows = filter === 'all' ? preview.linhas : preview.linhas.filter((row) => row.status === filter);
  const totalPages = Math.max(1, Math.ceil(rows.length / PREVIEW_PAGE_SIZE));
  const visible = rows.slice((page - 1) * PREVIEW_PAGE_SIZE, page * PREVIEW_PAGE_SIZE);

  return (
    <div className="space-y-3">
      <Select
        label={t.filterLabel}
        options={[
          { value: 'all', label: t.filterAll },
          { value: 'novo', label: t.statusNovo },
          { value: 'atualizar', label: t.statusAtualizar },
          { value: 'invalido', label: t.statusInvalido },
        ]}
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value as 'all' | ImportRowStatus);
          setPage(1);
        }}
        containerClassName="w-full sm:w-56"
      />
      <Table caption={t.tableCaption} scrollLabel={t.tableCaption}>
        <TableHead>
          <tr>
            <TableHeaderCell>{t.columns.linha}</TableHeaderCell>
            <TableHeaderCell>{t.columns.nome}</TableHeaderCell>
            <TableHeaderCell>{t.columns.emails}</TableHeaderCell>
            <TableHeaderCell>{t.columns.grupos}</TableHeaderCell>
            <TableHeaderCell>{t.columns.status}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {visible.length === 0 && (
            <tr>
              <td colSpan={5} className="px-4 py-6 text-center text-sm text-fg-muted">
                {t.noRows}
              </td>
            </tr>
          )}
          {visible.map((row) => {
            const badge = statusBadge[row.status];
            return (
              <TableRow key={row.linha} data-testid={`import-row-${row.linha}`}>
                <TableCell className="tabular-nums">{row.linha}</TableCell>
                <TableCell className="min-w-32 font-medium">{row.nome || '—'}</TableCell>
                <TableCell className="min-w-48 break-all">{row.emails.join('; ') || '—'}</TableCell>
                <TableCell className="min-w-32">{row.grupos.join('; ') || '—'}</TableCell>
                <TableCell className="min-w-48">
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                  {row.existente && (
                    <p className="mt-1 text-xs text-fg-muted">
                      {row.nome && row.nome !== row.existente.nome
                        ? formatMessage(t.renames, { nome: row.existente.nome, novo: row.nome })
                        : formatMessage(t.updates, { nome: row.existente.nome })}
                    </p>
                  )}
                  {row.status === 'atualizar' && row.emailsNovos.length > 0 && (
                    <p className="mt-1 text-xs break-all text-fg-muted">
                      {formatMessage(t.newEmails, { emails: row.emailsNovos.join(', ') })}
                    </p>
                  )}
                  {row.erros.length > 0 && (
                    <ul className="mt-1 space-y-0.5 text-xs text-danger-soft-fg">
                      {row.erros.map((erro) => (
                        <li key={erro}>{erro}</li>
                      ))}
                    </ul>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Pagination page={page} totalPages={totalPages} onPageChange={setPage} />
    </div>
  );
}

/**
 * 'Importar': choose a CSV/XLSX file, upload it with progress, review the server's preview (new,
 * update, invalid with reasons), then confirm the valid rows. Nothing is written before confirming.
 */
export function ImportModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const abortRef = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose', error: null });
  const commit = useCommitImport();

  useEffect(() => () => abortRef.current?.abort(), []);

  // The button that moved to the preview or the result leaves with its step: focus goes to what the step
  // shows, not to <body> (QA pass 42b: Tab then skipped the preview's filters).
  const shownRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (step.kind === 'preview' || step.kind === 'done') shownRef.current?.focus();
  }, [step.kind]);

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    const problem = checkFile(file);
    if (problem) {
      setStep({ kind: 'choose', error: problem });
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setStep({ kind: 'uploading', progress: 0 });
    try {
      const preview = await previewImport(file, {
        signal: controller.signal,
        onProgress: (fraction) => setStep({ kind: 'uploading', progress: Math.round(fraction * 100) }),
      });
      setStep({ kind: 'preview', preview });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setStep({ kind: 'choose', error: errorText(error, t.previewError) });
    } finally {
      abortRef.current = null;
    }
  }

  function confirm(preview: ImportPreview) {
    const linhas = rowsToImport(preview.linhas);
    commit.mutate(
      { linhas, ignoradas: preview.linhas.length - linhas.length },
      {
        onSuccess: (result) => setStep({ kind: 'done', result }),
      },
    );
  }

  function chooseAnother() {
    commit.reset();
    setFile(null);
    setStep({ kind: 'choose', error: null });
  }

  const validRows = step.kind === 'preview' ? step.preview.resumo.novos + step.preview.resumo.atualizados : 0;

  // Keys per step: a button reused across steps would animate from the old colours (a contrast dip).
  const footer =
    step.kind === 'preview' ? (
      <>
        <Button key="cancel" variant="secondary" onClick={onClose} disabled={commit.isPending}>
          {ui.management.cancel}
        </Button>
        <Button key="another" variant="secondary" onClick={chooseAnother} disabled={commit.isPending}>
          {t.chooseAnother}
        </Button>
        <Button
          key="confirm"
          onClick={() => confirm(step.preview)}
          disabled={validRows === 0}
          loading={commit.isPending}
          loadingText={t.confirming}
        >
          {t.confirm}
        </Button>
      </>
    ) : step.kind === 'done' ? (
      <Button key="close" onClick={onClose}>
        {ui.management.close}
      </Button>
    ) : (
      <>
        <Button key="cancel" variant="secondary" onClick={onClose}>
          {ui.management.cancel}
        </Button>
        <Button
          key="upload"
          type="submit"
          form={formId}
          disabled={!file || step.kind === 'uploading'}
          loading={step.kind === 'uploading'}
        >
          <UploadIcon size={16} />
          {t.upload}
        </Button>
      </>
    );

  return (
    <Modal
      open
      onClose={commit.isPending ? () => undefined : onClose}
      title={t.title}
      size="lg"
      footer={footer}
    >
      {(step.kind === 'choose' || step.kind === 'uploading') && (
        <form id={formId} onSubmit={upload} noValidate className="space-y-4">
          <p className="text-sm text-fg-muted">{t.intro}</p>
          <Button variant="link" size="sm" onClick={downloadTemplate}>
            <DownloadIcon size={14} />
            {t.template}
          </Button>
          {step.kind === 'choose' && step.error && <Alert variant="error">{step.error}</Alert>}
          <div className="space-y-1.5">
            <label htmlFor={`${formId}-file`} className="block text-sm font-medium text-fg">
              {formatMessage(t.fileLabel, { max: MAX_MB })}
            </label>
            <input
              id={`${formId}-file`}
              type="file"
              name="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={step.kind === 'uploading'}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setStep({ kind: 'choose', error: null });
              }}
              className="block w-full text-sm text-fg file:mr-3 file:rounded-lg file:border file:border-border-strong file:bg-surface file:px-3 file:py-2 file:text-sm file:font-medium file:text-fg hover:file:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            />
          </div>
          {step.kind === 'uploading' && (
            <div className="space-y-1.5">
              <ProgressBar label={t.progressLabel} value={step.progress} />
              <p className="flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
                <Spinner size={14} className="text-primary" />
                {step.progress < 100 ? formatMessage(t.uploading, { percent: step.progress }) : t.processing}
              </p>
            </div>
          )}
        </form>
      )}
      {step.kind === 'preview' && (
        <div ref={shownRef} tabIndex={-1} className="space-y-4 focus:outline-none">
          {commit.isError && <Alert variant="error">{errorText(commit.error, t.commitError)}</Alert>}
          <Summary preview={step.preview} />
          <PreviewTable preview={step.preview} />
        </div>
      )}
      {step.kind === 'done' && (
        <div ref={shownRef} tabIndex={-1} className="focus:outline-none">
          <Alert variant="success" title={t.doneTitle}>
            <p>{step.result.message}</p>
            {step.result.gruposCriados > 0 && (
              <p>{formatMessage(t.groupsCreated, { n: step.result.gruposCriados })}</p>
            )}
          </Alert>
        </div>
      )}
    </Modal>
  );
}
