import { formatMessage } from '@cotacoes/shared/messages/errors';
import type { PortalView } from '@cotacoes/shared/schemas/portal';
import { DownloadIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { LoadingState } from '@/components/ui/spinner';
import { ApiError, errorText } from '@/lib/api-client';
import { portalAttachmentHref, portalRequestPdfHref, usePortal } from '../api/get-portal';
import { AnswerForm } from './answer-form';
import { usePortalTexts } from './portal-language';
import { PortalUnavailable } from './portal-unavailable';

/**
 * /portal/:token: the request this carrier received, its files, and its answer (a form while open), in
 * the quote's language (the provider above follows the view's `idioma`).
 */
export function PortalAnswerPage({ token }: { token: string }) {
  const { t: texts, format } = usePortalTexts();
  const t = texts.answer;
  const portal = usePortal(token, t.loadErrorFallback);
  if (portal.isPending) return <LoadingState label={t.loading} />;
  if (portal.isError) {
    const { error } = portal;
    if (error instanceof ApiError && [400, 404, 410].includes(error.status)) {
      // Said in the page's language (the API's message is Portuguese: the token names no quote it trusts).
      const known = error.code ? texts.invalid.byCode[error.code] : undefined;
      return <PortalUnavailable message={known ?? errorText(error, texts.invalid.fallback)} />;
    }
    return <Alert variant="error">{errorText(error, t.loadErrorFallback)}</Alert>;
  }
  const view = portal.data;
  const prazo = format.dateTime(view.prazoResposta);
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-fg">{formatMessage(t.heading, { codigo: view.codigo })}</h1>
        <p className="text-fg">
          {formatMessage(t.from, { empresa: view.empresa, transportador: view.transportador })}
        </p>
        <p className="text-sm font-medium text-fg-muted">{formatMessage(t.deadline, { prazo })}</p>
      </header>

      <section
        aria-labelledby="portal-request-title"
        className="rounded-xl border border-border bg-surface p-4"
      >
        <h2 id="portal-request-title" className="text-lg font-semibold text-fg">
          {t.requestTitle}
        </h2>
        <p className="text-sm text-fg-muted">{view.pedido.assunto}</p>
        {view.pedido.enviadoEm && (
          <p className="text-xs text-fg-muted">
            {formatMessage(t.requestSentAt, { data: format.dateTime(view.pedido.enviadoEm) })}
          </p>
        )}
        <pre
          data-testid="portal-request"
          className="mt-3 rounded-lg bg-surface-muted p-3 font-sans text-sm whitespace-pre-wrap break-words text-fg"
        >
          {view.pedido.texto}
        </pre>
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-fg">{t.attachmentsTitle}</h3>
          <ul className="mt-2 space-y-2">
            <li>
              <a
                href={portalRequestPdfHref(token)}
                download={`${view.codigo}.pdf`}
                aria-label={formatMessage(t.download, { nome: `${view.codigo}.pdf` })}
                className="inline-flex items-center gap-2 text-sm font-medium text-primary-soft-fg underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                <DownloadIcon size={16} />
                {view.codigo}.pdf <span className="text-fg-muted">({t.requestPdf})</span>
              </a>
            </li>
            {view.anexos.map((file) => (
              <li key={file.id}>
                <a
                  href={portalAttachmentHref(token, file.id)}
                  download={file.nome}
                  aria-label={formatMessage(t.download, { nome: file.nome })}
                  className="inline-flex items-center gap-2 text-sm font-medium text-primary-soft-fg underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <DownloadIcon size={16} />
                  {file.nome} <span className="text-fg-muted">({format.bytes(file.tamanho)})</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="rounded-xl border border-border bg-surface p-4">
        {view.estado === 'aberta' ? (
          <AnswerForm token={token} view={view} />
        ) : (
          <ReadOnlyAnswer view={view} prazo={prazo} />
        )}
      </section>
    </div>
  );
}

function ReadOnlyAnswer({ view, prazo }: { view: PortalView; prazo: string }) {
  const { t: texts, format } = usePortalTexts();
  const t = texts.answer;
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-fg">{t.readOnlyTitle}</h2>
      <Alert variant="warning">
        {view.estado === 'prazo_encerrado'
          ? formatMessage(view.resposta ? t.closedDeadline : t.closedDeadlineNoAnswer, { prazo })
          : view.estado === 'cancelada'
            ? t.closedCancelled
            : view.resposta
              ? t.closedDecided
              : t.closedDecidedNoAnswer}
      </Alert>
      {view.respostaMaisNova && (
        <p className="text-sm text-fg-muted">
          {formatMessage(t.newerByEmail, {
            versao: view.respostaMaisNova.versao,
            data: format.dateTime(view.respostaMaisNova.recebidaEm),
          })}
          {view.resposta &&
            ` ${formatMessage(t.newerByEmailSummary, { portal: view.versao ?? '', versao: view.respostaMaisNova.versao })}`}
        </p>
      )}
      {view.resposta ? (
        <AnswerSummary answer={view.resposta} />
      ) : (
        <p className="text-fg-muted">{t.noAnswer}</p>
      )}
    </div>
  );
}

function AnswerSummary({ answer }: { answer: PortalView['resposta'] & object }) {
  const { t: texts, format } = usePortalTexts();
  const t = texts.answer;
  const rows: [string, string][] = [
    ...answer.fretes.map((row): [string, string] => [
      `${t.freightValue} ${t.units[row.unidade] ?? row.unidade}${row.destino ? ` · ${row.destino}` : ''}`,
      row.minimo
        ? `${format.money(row.valor, row.moeda)} (${t.minimumShort} ${format.money(row.minimo, row.moeda)})`
        : format.money(row.valor, row.moeda),
    ]),
    ...answer.taxas.map((row): [string, string] => [
      `${row.nome}${row.destino ? ` · ${row.destino}` : ''}`,
      `${format.money(row.valor, row.moeda)} ${t.feeUnits[row.unidade] ?? row.unidade}${row.minimo ? ` (${t.minimumShort} ${format.money(row.minimo, row.moeda)})` : ''}`,
    ]),
    ...(answer.transitTimeDias === null
      ? []
      : [[t.transitTime, String(answer.transitTimeDias)] as [string, string]]),
    ...(answer.freeTimeDias === null ? [] : [[t.freeTime, String(answer.freeTimeDias)] as [string, string]]),
    ...(answer.validade ? [[t.validity, format.date(answer.validade)] as [string, string]] : []),
    ...(answer.condicoesPagamento ? [[t.paymentTerms, answer.condicoesPagamento] as [string, string]] : []),
    ...(answer.observacoes ? [[t.remarks, answer.observacoes] as [string, string]] : []),
  ];
  return (
    <dl className="divide-y divide-border text-sm">
      {rows.map(([label, value]) => (
        <div key={`${label}-${value}`} className="grid grid-cols-2 gap-3 py-2">
          <dt className="text-fg-muted">{label}</dt>
          <dd className="font-medium break-words text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
