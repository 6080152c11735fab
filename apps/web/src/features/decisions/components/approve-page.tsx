import { missingFreightOf, missingItemsText } from '@cotacoes/shared/comparison/asked';
import { missingFeesText } from '@cotacoes/shared/comparison/fee-names';
import { transitDaysText } from '@cotacoes/shared/comparison/quantity-text';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { quoteStatusInfo, WAITING_STATUSES } from '@cotacoes/shared/rules/quote-status';
import type { ComparisonRow } from '@cotacoes/shared/schemas/comparison';
import { DEFAULT_EXCHANGE_MARGIN } from '@cotacoes/shared/schemas/comparison';
import {
  APPROVAL_SUBJECT_MAX,
  type ApprovalInfo,
  type ApproveResult,
} from '@cotacoes/shared/schemas/decisions';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { type QuoteDetail, useQuote } from '@/api/get-quote';
import { ArrowLeftIcon, CheckCircleIcon, SearchIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardSection } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import {
  brlRate,
  CarriageLine,
  destinationsOf,
  marginText,
  money,
  parseMargin,
  rememberedMargin,
  useComparison,
  WarningList,
} from '@/features/comparison';
import { useFollowUpSettings } from '@/features/follow-up';
import { QuoteStatusBadge } from '@/features/quotes';
import { ApiError, errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useApproveQuote } from '../api/approve-quote';
import { isApprovableRow } from './approvable-row';
import { approvalCautions, checkApproval, chosenRow } from './approve-page-rules';

const t = ui.decisions.approve;
/** Spec 001 §9: the success modal closes after 2000 ms, then /sent-quotes. */
export const APPROVAL_SUCCESS_MS = 2_000;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

function BackToQuote({ id }: { id: string }) {
  return (
    <Link to={paths.quotes.detail.getHref(id)} className={buttonClasses({ variant: 'secondary' })}>
      <ArrowLeftIcon size={16} />
      {t.back}
    </Link>
  );
}

function QuoteHeader({ quote }: { quote: QuoteDetail }) {
  const notInformed = <span className="text-fg-muted">{ui.quotes.notInformed}</span>;
  return (
    <Card className="p-5">
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <Field label={t.header.solicitante}>{quote.nomeSolicitante || notInformed}</Field>
        <Field label={t.header.tipoFrete}>{quote.tipoFrete || notInformed}</Field>
        <Field label={t.header.prazoResposta}>
          {formatDateTime(quote.prazoResposta, ui.common.invalidDate)}
        </Field>
        <Field label={t.header.status}>
          <QuoteStatusBadge status={quote.status} />
        </Field>
      </dl>
    </Card>
  );
}

export function approvalSentence(aprovacao: ApprovalInfo): string {
  return formatMessage(t.alreadyApprovedBy, {
    transportador: aprovacao.transportadorNome,
    destino: aprovacao.destino
      ? formatMessage(ui.decisions.comparison.approvedDestination, { destino: aprovacao.destino })
      : '',
    nome: aprovacao.aprovadoPor ?? ui.decisions.comparison.someone,
    data: formatDateTime(aprovacao.aprovadoEm, ui.common.invalidDate),
  });
}

interface ResponseGroup {
  respostaId: string;
  nome: string;
  rows: ComparisonRow[];
  approvable: boolean;
}

function groupByResponse(rows: readonly ComparisonRow[]): ResponseGroup[] {
  const groups = new Map<string, ResponseGroup>();
  for (const row of rows) {
    const group = groups.get(row.respostaId) ?? {
      respostaId: row.respostaId,
      nome: row.transportador.nome,
      rows: [],
      approvable: isApprovableRow(row),
    };
    group.rows.push(row);
    groups.set(row.respostaId, group);
  }
  return [...groups.values()];
}

function rowSummary(row: ComparisonRow): string {
  const total = row.precificada
    ? formatMessage(t.total, {
        brl: money(row.custoTotalBRL, 'BRL'),
        usd: money(row.custoTotalUSD, 'USD'),
      })
    : row.declinou
      ? ui.comparison.declined
      : ui.comparison.unpriced[row.extracao];
  const days = transitDaysText(row.prazo);
  const prazo =
    days === null ? ui.quotes.notInformed : formatMessage(ui.decisions.comparison.days, { count: days });
  // A total that leaves out charges others quote says so here too, as on the Comparação tab (QA pass 8).
  const incomplete = row.taxasAusentes?.length
    ? ` · ${formatMessage(ui.comparison.completeness.incomplete, { itens: missingFeesText(row) })}`
    : '';
  // A total that leaves containers out ('sem o preço do contêiner de 20'') says so (QA pass 33: a 40HC-only
  // offer was listed first here, its partial total unmarked).
  const freight = missingFreightOf(row);
  const partial =
    freight.length > 0
      ? ` · ${formatMessage(ui.comparison.completeness.freightMissing, { itens: missingItemsText(freight) })}`
      : '';
  return `${total}${partial}${incomplete} · ${formatMessage(t.transit, { prazo })}`;
}

/** The choice of a response and, when it has several, of a destination (radio groups). */
function ResponseChoice({
  groups,
  rows,
  respostaId,
  destino,
  onChoose,
}: {
  groups: readonly ResponseGroup[];
  rows: readonly ComparisonRow[];
  respostaId: string | null;
  destino: string | null;
  onChoose: (respostaId: string, destino: string | null) => void;
}) {
  const name = useId();
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">{t.responsesTitle}</legend>
      {groups.map((group) => {
        const destinations = destinationsOf(rows, group.respostaId);
        const chosen = respostaId === group.respostaId;
        const inputId = `${name}-${group.respostaId}`;
        return (
          <div
            key={group.respostaId}
            className={cn(
              'rounded-xl border p-4 transition-colors',
              chosen ? 'border-primary bg-primary-soft/40' : 'border-border bg-surface',
              !group.approvable && 'opacity-70',
            )}
          >
            <div className="flex items-start gap-3">
              <input
                type="radio"
                id={inputId}
                name={name}
                value={group.respostaId}
                checked={chosen}
                disabled={!group.approvable}
                onChange={() =>
                  onChoose(group.respostaId, destinations.length === 1 ? (destinations[0] ?? null) : null)
                }
                className="mt-1 h-4 w-4 accent-primary"
              />
              <label htmlFor={inputId} className="min-w-0 flex-1 cursor-pointer">
                <span className="block font-semibold text-fg">{group.nome}</span>
                <span className="block text-sm text-fg-muted">
                  {destinations.length > 1
                    ? formatMessage(t.destinationsCount, { count: destinations.length })
                    : [
                        // An answer naming no port is for the quote's only one: said so, as the table does.
                        destinations[0] ??
                          (group.rows[0]?.destinoDaCotacao
                            ? `${group.rows[0].destinoDaCotacao} ${ui.decisions.comparison.quoteDestination}`
                            : null),
                        group.rows[0] && rowSummary(group.rows[0]),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                </span>
                {destinations.length <= 1 && group.rows[0] && (
                  <>
                    <CarriageLine row={group.rows[0]} className="mt-0.5" />
                    <WarningList row={group.rows[0]} className="mt-2" />
                  </>
                )}
                {!group.approvable && (
                  <span className="block text-xs text-fg-muted">
                    {group.rows[0]?.declinou
                      ? ui.comparison.declinedTitle
                      : (ui.decisions.comparison.statuses[group.rows[0]?.status ?? ''] ??
                        group.rows[0]?.status)}
                  </span>
                )}
              </label>
            </div>
            {destinations.length > 1 && (
              <fieldset className="mt-3 ml-7 space-y-2" disabled={!group.approvable}>
                <legend className="mb-1 text-sm font-medium text-fg">
                  {formatMessage(t.destinationsLabel, { nome: group.nome })}
                </legend>
                {group.rows
                  .filter((row) => row.destino !== null)
                  .map((row) => {
                    const destinationId = `${inputId}-${row.destino}`;
                    return (
                      <div key={row.id} className="flex items-start gap-2">
                        <input
                          type="radio"
                          id={destinationId}
                          name={`${name}-destino-${group.respostaId}`}
                          checked={chosen && destino === row.destino}
                          onChange={() => onChoose(group.respostaId, row.destino)}
                          className="mt-1 h-4 w-4 accent-primary"
                        />
                        <label htmlFor={destinationId} className="cursor-pointer text-sm">
                          <span className="font-medium text-fg">{row.destino}</span>
                          <span className="block text-fg-muted">{rowSummary(row)}</span>
                          <CarriageLine row={row} className="mt-0.5" />
                          <WarningList row={row} className="mt-1" />
                        </label>
                      </div>
                    );
                  })}
              </fieldset>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

function SuccessModal({ result, onDone }: { result: ApproveResult | null; onDone: () => void }) {
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(onDone, APPROVAL_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [result, onDone]);
  return (
    <Modal open={result !== null} onClose={onDone} title={t.successTitle} size="sm">
      {result && (
        <div role="status" className="flex items-start gap-3 text-sm text-fg">
          <CheckCircleIcon size={28} className="shrink-0 text-success" />
          <div className="space-y-1">
            <p>{formatMessage(t.successText, { nome: result.aprovacao.transportadorNome })}</p>
            {result.notificados > 0 && (
              <p className="text-fg-muted">
                {formatMessage(t.successNotified, { count: result.notificados })}
              </p>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}

function ApproveForm({
  quote,
  approve,
}: {
  quote: QuoteDetail;
  approve: ReturnType<typeof useApproveQuote>;
}) {
  const [searchParams] = useSearchParams();
  // The totals at the margin the analyst set on the Comparação tab: the carrier's e-mail restates them.
  const [margin] = useState(() => parseMargin(rememberedMargin(quote.id)) ?? DEFAULT_EXCHANGE_MARGIN);
  const comparison = useComparison(quote.id, margin);
  const rows = comparison.data?.linhas ?? [];
  const groups = useMemo(() => groupByResponse(rows), [rows]);
  // A decided answer (reprovado, aprovado) is listed but cannot be chosen, even from the address.
  const approvable = useMemo(() => rows.filter(isApprovableRow), [rows]);

  const [respostaId, setRespostaId] = useState<string | null>(searchParams.get('resposta'));
  const [destino, setDestino] = useState<string | null>(searchParams.get('destino'));
  const [assunto, setAssunto] = useState('');
  // The company's default (Configurações, 'Acompanhamento automático') until the analyst changes it.
  const followUp = useFollowUpSettings();
  const [notificarChosen, setNotificar] = useState<boolean | null>(null);
  const notificar = notificarChosen ?? followUp.data?.lostBidFeedbackDefault ?? false;
  const [feedback, setFeedback] = useState(false);
  const [problem, setProblem] = useState<'response' | 'destination' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const chosen = groups.find((group) => group.respostaId === respostaId);
  const destinations = chosen ? destinationsOf(rows, chosen.respostaId) : [];
  const chosenDestination = destinations.length === 1 ? destinations[0] : destino;
  const approvedRow = chosenRow(approvable, respostaId, destino);
  const cautions = approvalCautions(rows, approvedRow);
  const warnings = approvedRow?.alertas ?? [];
  const needsSecondLook = cautions.length > 0 || warnings.length > 0;

  function submit() {
    const check = checkApproval(approvable, respostaId, destino);
    if (!check.ok) {
      setProblem(check.reason);
      return;
    }
    setProblem(null);
    approve.reset();
    setConfirming(true);
  }

  function confirm() {
    const check = checkApproval(approvable, respostaId, destino);
    if (!check.ok) return;
    approve.mutate(
      {
        responseId: check.responseId,
        ...(check.destino ? { destino: check.destino } : {}),
        ...(assunto.trim() ? { assuntoPersonalizado: assunto.trim() } : {}),
        notificarNaoSelecionados: notificar,
        incluirFeedbackPreco: notificar && feedback,
        exchangeMargin: margin,
        // The total the confirmation shows: if a colleague's correction changed it meanwhile, the server
        // refuses and the refetched comparison shows the new one (QA pass 15).
        ...(approvedRow?.precificada ? { totalConfirmadoBRL: approvedRow.custoTotalBRL } : {}),
      },
      {
        onSuccess: () => setConfirming(false),
      },
    );
  }

  if (comparison.isPending) return <LoadingState />;
  if (comparison.isError) return <Alert variant="error">{errorText(comparison.error, t.loadError)}</Alert>;

  // Someone else decided first: back to the quote. Figures that changed are confirmed again here instead.
  const figuresChanged =
    approve.error instanceof ApiError && approve.error.code === 'APPROVAL_FIGURES_CHANGED';
  const conflict = approve.error instanceof ApiError && approve.error.status === 409 && !figuresChanged;
  return (
    <div className="space-y-5">
      <CardSection title={t.responsesTitle} description={t.responsesHint} headingId="approve-responses">
        {groups.length === 0 ? (
          <p className="text-sm text-fg-muted">{t.noResponses}</p>
        ) : (
          <ResponseChoice
            groups={groups}
            rows={rows}
            respostaId={respostaId}
            destino={destino}
            onChoose={(nextResposta, nextDestino) => {
              setRespostaId(nextResposta);
              setDestino(nextDestino);
              setProblem(null);
            }}
          />
        )}
        {problem === 'response' && (
          <Alert variant="error" className="mt-3">
            {t.chooseFirst}
          </Alert>
        )}
      </CardSection>

      <CardSection title={t.optionsTitle} headingId="approve-options">
        <div className="space-y-4">
          <Input
            label={t.subjectLabel}
            hint={t.subjectHint}
            value={assunto}
            maxLength={APPROVAL_SUBJECT_MAX}
            onChange={(event) => setAssunto(event.target.value)}
            error={
              approve.error instanceof ApiError
                ? approve.error.fieldErrors.find((item) => item.path === 'assuntoPersonalizado')?.message
                : undefined
            }
          />
          <div className="space-y-2">
            <Checkbox
              label={t.notifyOthers}
              checked={notificar}
              onChange={(event) => {
                setNotificar(event.target.checked);
                if (!event.target.checked) setFeedback(false);
              }}
            />
            <Checkbox
              label={t.priceFeedback}
              checked={feedback}
              disabled={!notificar}
              onChange={(event) => setFeedback(event.target.checked)}
              className={cn('ml-6', !notificar && 'cursor-not-allowed opacity-60')}
            />
          </div>
        </div>
      </CardSection>

      <div className="flex flex-wrap justify-end gap-2">
        <BackToQuote id={quote.id} />
        <Button onClick={submit} disabled={groups.length === 0}>
          <CheckCircleIcon size={16} />
          {t.submit}
        </Button>
      </div>

      <Modal
        open={problem === 'destination'}
        onClose={() => setProblem(null)}
        title={t.destinationTitle}
        size="sm"
        footer={<Button onClick={() => setProblem(null)}>{t.ok}</Button>}
      >
        <p className="text-sm text-fg">{t.destinationText}</p>
      </Modal>

      <ConfirmModal
        open={confirming}
        title={t.confirmTitle}
        confirmLabel={needsSecondLook ? ui.warnings.confirm.confirmAnyway : t.confirm}
        busyLabel={t.confirming}
        busy={approve.isPending}
        variant="primary"
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        <p>
          {formatMessage(t.confirmText, {
            nome: chosen?.nome ?? '',
            destino: chosenDestination
              ? formatMessage(t.confirmDestination, { destino: chosenDestination })
              : '',
          })}
        </p>
        {approvedRow?.precificada && comparison.data && (
          <p data-approved-total="">
            {formatMessage(t.confirmTotal, {
              brl: money(approvedRow.custoTotalBRL, 'BRL'),
              usd: money(approvedRow.custoTotalUSD, 'USD'),
              taxa: brlRate(comparison.data.taxa.taxa),
              margem: marginText(comparison.data.taxa.margem),
            })}
            {approvedRow.custoRodoviario > 0 &&
              ` ${formatMessage(t.confirmRoad, {
                rodoviario: money(approvedRow.custoRodoviario, 'BRL'),
                servicos: money(
                  Math.round((approvedRow.custoTotalBRL - approvedRow.custoRodoviario) * 100) / 100,
                  'BRL',
                ),
              })}`}
          </p>
        )}
        {needsSecondLook && (
          <Alert variant="warning" title={ui.warnings.confirm.title}>
            <ul className="mt-1 list-disc space-y-1 pl-4" data-cautions="">
              {[...cautions, ...warnings.map((warning) => warning.texto)].map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </Alert>
        )}
        {notificar && <p className="text-fg-muted">{t.confirmOthers}</p>}
        {notificar && feedback && <p className="text-fg-muted">{t.confirmOthersPrice}</p>}
        {approve.isError && (
          <Alert
            variant={figuresChanged ? 'warning' : 'error'}
            title={figuresChanged ? t.figuresChangedTitle : t.errorTitle}
          >
            {errorText(approve.error, t.error)}
          </Alert>
        )}
        {conflict && (
          <Link to={paths.quotes.detail.getHref(quote.id)} className={buttonClasses({ variant: 'link' })}>
            {t.backToQuote}
          </Link>
        )}
      </ConfirmModal>
    </div>
  );
}

/**
 * /quotes/{id}/approve (spec 001 §2 "Quote approval", §4 approval flow): the quote's header, its
 * responses with their destinations, the optional subject and notices, a confirm modal, then a success
 * modal for 2000 ms and /sent-quotes. Not offered once the quote is approved (who and when instead) or
 * closed.
 */
export function ApprovePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const quote = useQuote(id);
  // Held by the page, not the form: the quote reloads as APROVADA behind the success modal and the
  // form gives way to who approved it.
  const approve = useApproveQuote(id);
  const goToSentQuotes = useCallback(() => navigate(paths.quotes.sent.getHref()), [navigate]);

  if (quote.isPending)
    return (
      <>
        <PageTitle title={t.title} />
        <LoadingState />
      </>
    );

  if (quote.isError) {
    const notFound = quote.error instanceof ApiError && quote.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl">
        <PageTitle title={notFound ? ui.quotes.detail.notFound : t.title} />
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-surface-muted text-fg-muted">
            <SearchIcon size={24} />
          </span>
          <h1 className="text-xl font-bold text-fg">
            {notFound ? ui.quotes.detail.notFound : errorText(quote.error, ui.quotes.detail.loadError)}
          </h1>
          <Link to={paths.quotes.sent.getHref()} className={buttonClasses({ variant: 'secondary' })}>
            <ArrowLeftIcon size={16} />
            {ui.quotes.detail.back}
          </Link>
        </Card>
      </div>
    );
  }

  const data = quote.data;
  const heading = formatMessage(t.heading, { codigo: data.codigo });
  const { aprovacao } = data;
  const open = (WAITING_STATUSES as readonly string[]).includes(data.status);
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <PageTitle title={heading} />
      <PageHeader title={heading} className="mb-0" actions={<BackToQuote id={data.id} />} />
      <QuoteHeader quote={data} />
      {data.status === 'APROVADA' ? (
        <Alert variant="success" title={t.alreadyApproved}>
          {aprovacao ? approvalSentence(aprovacao) : null}
        </Alert>
      ) : !open ? (
        <Alert variant="warning">
          {formatMessage(t.notOpen, { status: quoteStatusInfo(data.status).label })}
        </Alert>
      ) : (
        <ApproveForm quote={data} approve={approve} />
      )}
      <SuccessModal result={approve.data ?? null} onDone={goToSentQuotes} />
    </div>
  );
}
