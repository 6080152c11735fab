import { asksFreeTime, type QuoteAsked, quoteAskedFrom } from '@cotacoes/shared/comparison/asked';
import { NO_REPLY_TEXT, OTHER_QUOTES, UNREADABLE_REASON } from '@cotacoes/shared/comparison/declined';
import { optionsRead, optionsReadKind, quotedTitles } from '@cotacoes/shared/comparison/options';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { uiDeclines } from '@cotacoes/shared/messages/ui-declines';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import {
  FINAL_STATUSES,
  type FinalStatus,
  isDeadlinePassed,
  isFinalStatus,
  WAITING_STATUSES,
} from '@cotacoes/shared/rules/quote-status';
import { assignmentUndo, type ResponseVersion, versionsOfEntry } from '@cotacoes/shared/schemas/responses';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { QuoteDetail } from '@/api/get-quote';
import { quoteDetailKey } from '@/api/quote-keys';
import { AlertTriangleIcon, ClockIcon, MailIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfidenceBadge } from '@/components/ui/confidence-badge';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useCountSetAside } from '../api/count-set-aside';
import { type ResponseEntry, useResponses } from '../api/list-responses';
import { useReadAgain } from '../api/read-again';
import { RegisterResponseButton } from './register-response-modal';
import { formatDuration, groupUnreadable, summariseWithCarried } from './response-summary';
import { SenderCheck } from './sender-check';
import { UndoAssignmentButton } from './undo-assignment-button';

const t = uiReplies.cards;
const declines = uiDeclines.card;
const sendStates = ui.quotes.detail.sendStates;
const sendStateVariant: Record<ResponseEntry['estadoEnvio'], BadgeVariant> = {
  pendente: 'warning',
  enviado: 'success',
  falhou: 'danger',
};
const statusVariant = (status: string): BadgeVariant =>
  status === 'pendente'
    ? 'neutral'
    : status === 'reprovado' || status === 'cancelado'
      ? 'danger'
      : status === 'aprovado'
        ? 'success'
        : 'primary';
/** Figures whose text is long (fee totals, payment terms) take the card's whole width. */
const wideFields = new Set<string>([t.fields.taxas, t.fields.pagamento]);
/** Spec 001 §2: the progress bar counts against at least 5 when the quote has no recipients yet. */
const FALLBACK_TOTAL = 5;

const dateTime = (value: string) => formatDateTime(value, ui.common.invalidDate);

/** The conversation tab of the same page opens on this message ('Ver mensagem'). */
export function conversationSearch(mensagemId: string): string {
  return `?${new URLSearchParams({ aba: 'historico', mensagem: mensagemId }).toString()}`;
}

/** A toast per carrier whose current version changed since the last poll, and a fresh quote counter. */
function useNewResponseNotices(quoteId: string, entries: readonly ResponseEntry[] | undefined) {
  const queryClient = useQueryClient();
  // Every version each carrier had when last read: a version current again (an assignment undone, QA
  // pass 36) is not news.
  const seen = useRef<Map<string, Set<string>> | null>(null);
  useEffect(() => {
    if (!entries) return;
    const current = new Map(
      entries.map((entry) => [
        entry.transportadorId,
        new Set(versionsOfEntry(entry).map((version) => version.id)),
      ]),
    );
    const before = seen.current;
    seen.current = current;
    if (!before) return;
    const fresh = entries.filter(
      (entry) => entry.atual && !before.get(entry.transportadorId)?.has(entry.atual.id),
    );
    if (fresh.length === 0) return;
    // Registered by hand in this screen: the registration already said so.
    for (const entry of fresh.filter((item) => item.atual?.origem !== 'manual'))
      showToast({
        message: formatMessage(t.newResponse, { nome: entry.transportador.nome }),
        variant: 'info',
      });
    void queryClient.invalidateQueries({ queryKey: quoteDetailKey(quoteId) });
  }, [entries, quoteId, queryClient]);
}

function AnswerProgress({ entries }: { entries: readonly ResponseEntry[] }) {
  const answered = entries.filter((entry) => entry.atual !== null).length;
  const total = entries.length > 0 ? entries.length : FALLBACK_TOTAL;
  const label = formatMessage(t.progressValue, { respondidas: answered, total });
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium text-fg">{t.progressLabel}</span>
        <span className="text-fg-muted tabular-nums">{label}</span>
      </div>
      <ProgressBar label={t.progressLabel} value={answered} max={total} valueText={label} className="h-2.5" />
    </div>
  );
}

function SendLine({ entry }: { entry: ResponseEntry }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="sr-only">{t.sendState}:</span>
      <Badge variant={sendStateVariant[entry.estadoEnvio]}>{sendStates[entry.estadoEnvio]}</Badge>
      {entry.estadoEnvio === 'enviado' && entry.enviadoEm && (
        <span className="text-fg-muted">{formatMessage(t.sentAt, { data: dateTime(entry.enviadoEm) })}</span>
      )}
      {entry.estadoEnvio === 'pendente' && <span className="text-fg-muted">{t.notSentYet}</span>}
    </div>
  );
}

/** `ended`: the quote's final status, when it has one — a carrier that never answered is awaited no more. */
function AnswerLine({
  entry,
  ended,
  deadline,
}: {
  entry: ResponseEntry;
  ended: FinalStatus | null;
  /** The quote's `prazoResposta`: an answer after it is marked (it still counts). */
  deadline: string;
}) {
  if (!entry.respondeuEm && ended && entry.respostaTardia) {
    const late = entry.respostaTardia;
    return (
      <div className="space-y-1 text-sm">
        <p className="flex items-start gap-1.5 text-fg">
          <ClockIcon size={16} className="mt-0.5 shrink-0 text-fg-muted" />
          {formatMessage(t.lateAnswer[ended], { data: dateTime(late.recebidaEm) })}
        </p>
        <Link
          to={{ search: conversationSearch(late.mensagemId) }}
          aria-label={formatMessage(t.setAside.viewMessageOf, { nome: entry.transportador.nome })}
          className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          <MailIcon size={16} />
          {t.setAside.viewMessage}
        </Link>
      </div>
    );
  }
  if (!entry.respondeuEm)
    return (
      <p className="flex items-center gap-1.5 text-sm text-fg-muted">
        <ClockIcon size={16} className="shrink-0" />
        {ended
          ? t.notAnsweredEnded[ended]
          : isDeadlinePassed(deadline)
            ? formatMessage(t.lateNoAnswerLine, { prazo: dateTime(deadline) })
            : t.waiting}
      </p>
    );
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-sm text-fg">
      <ClockIcon size={16} className="shrink-0 text-fg-muted" />
      {entry.tempoRespostaMinutos !== null
        ? formatMessage(t.answeredIn, { tempo: formatDuration(entry.tempoRespostaMinutos) })
        : formatMessage(t.answeredAt, { data: dateTime(entry.respondeuEm) })}
      {new Date(entry.respondeuEm).getTime() > new Date(deadline).getTime() && (
        <span
          className="rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning-soft-fg"
          title={formatMessage(t.afterDeadlineHint, { prazo: dateTime(deadline) })}
        >
          {t.afterDeadline}
        </span>
      )}
    </p>
  );
}

/**
 * The carrier's latest message the platform set aside instead of counting (an out-of-office, a receipt
 * without a quote): what it was, a link to it, and 'Contar como resposta' while the quote takes answers and
 * the carrier has not answered.
 */
function SetAsideNote({
  entry,
  quoteId,
  canCount,
}: {
  entry: ResponseEntry;
  quoteId: string;
  canCount: boolean;
}) {
  const count = useCountSetAside(quoteId);
  const setAside = entry.respostaAutomatica;
  if (!setAside) return null;
  // Once the carrier has answered, a later automatic message (an out-of-office after a revision request)
  // is news, not a quote: counting it would make an empty version the current one.
  const countable = canCount && entry.atual === null;
  const nome = entry.transportador.nome;
  return (
    <Alert
      variant="warning"
      title={formatMessage(t.setAside[setAside.tipo], { data: dateTime(setAside.recebidaEm) })}
    >
      {countable && <p className="mt-1">{t.setAside.hint}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Link
          to={{ search: conversationSearch(setAside.mensagemId) }}
          aria-label={formatMessage(t.setAside.viewMessageOf, { nome })}
          className="inline-flex items-center gap-1.5 text-sm font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          <MailIcon size={16} />
          {t.setAside.viewMessage}
        </Link>
        {countable && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={formatMessage(t.setAside.countOf, { nome })}
            loading={count.isPending}
            loadingText={t.setAside.counting}
            onClick={() =>
              count.mutate(setAside.mensagemId, {
                onSuccess: (result) => showToast({ message: result.message, variant: 'success' }),
                onError: (error) =>
                  showToast({ message: errorText(error, t.setAside.countError), variant: 'error' }),
              })
            }
          >
            {t.setAside.count}
          </Button>
        )}
      </div>
    </Alert>
  );
}

/** 'Tentar ler de novo' under a failed reading, while the quote takes answers. */
function ReadAgainButton({
  quoteId,
  version,
  nome,
}: {
  quoteId: string;
  version: ResponseVersion;
  nome: string;
}) {
  const readAgain = useReadAgain(quoteId);
  return (
    <Button
      size="sm"
      variant="secondary"
      className="mt-2"
      aria-label={formatMessage(t.readAgainOf, { nome })}
      loading={readAgain.isPending}
      loadingText={t.readingAgain}
      onClick={() =>
        readAgain.mutate(version.id, {
          onSuccess: (result) => showToast({ message: result.message, variant: 'success' }),
          onError: (error) => showToast({ message: errorText(error, t.readAgainError), variant: 'error' }),
        })
      }
    >
      {t.readAgain}
    </Button>
  );
}

function Summary({
  version,
  versions,
  nome,
  quoteId,
  canReadAgain,
  asked,
}: {
  version: ResponseVersion;
  /** The entry's versions, newest first: what this one keeps from them is shown as theirs. */
  versions: readonly ResponseVersion[];
  nome: string;
  quoteId: string;
  canReadAgain: boolean;
  /**
   * What the quote asked: its containers, to name a type as the quote does ('20DV', not the reading's
   * 20DC), and its mode (free time is asked of FCL only).
   */
  asked: QuoteAsked;
}) {
  if (version.extracao === 'pendente')
    return (
      <div role="status" className="flex items-start gap-3 rounded-lg bg-surface-muted px-3 py-3 text-sm">
        <Spinner size={18} className="mt-0.5 shrink-0 text-primary" />
        <div>
          <p className="font-medium text-fg">{t.extracting}</p>
          <p className="text-fg-muted">{t.extractingHint}</p>
        </div>
      </div>
    );
  if (version.extracao === 'falhou' || !version.dadosExtraidos)
    return (
      <Alert variant="error">
        <p className="font-medium">{t.extractionFailed}</p>
        {version.extracaoErro && <p className="mt-1">{version.extracaoErro}</p>}
        <p className="mt-1">{t.extractionFailedHint}</p>
        {canReadAgain && <ReadAgainButton quoteId={quoteId} version={version} nome={nome} />}
      </Alert>
    );

  const summary = summariseWithCarried(version, versions, asked.conteineres);
  const { carried } = summary;
  // Air and LCL freight is per kg, m³ or W/M: its own row, and no "Não informado" per container size.
  const perUnit = summary.frete !== null;
  const containerRows: Array<[string, string | null, number | undefined]> = [
    [t.fields.frete20, summary.frete20, carried.frete20],
    [t.fields.frete40, summary.frete40, carried.frete40],
  ];
  const rows: Array<[string, string | null, number | undefined]> = [
    ...(perUnit
      ? [[t.fields.frete, summary.frete, carried.frete] as [string, string | null, number | undefined]]
      : []),
    ...containerRows.filter(([, value]) => !perUnit || value !== null),
    [t.fields.taxas, summary.taxas, carried.taxas],
    [t.fields.transitTime, summary.transitTime, carried.transitTime],
    // Free time is a container's: an air, LCL or road answer that states none has no row for it (QA 39b
    // read "Free time: Não informado" on every air card).
    ...(summary.freeTime !== null || asksFreeTime(asked, version.dadosExtraidos.final)
      ? [
          [t.fields.freeTime, summary.freeTime, carried.freeTime] as [
            string,
            string | null,
            number | undefined,
          ],
        ]
      : []),
    [t.fields.validade, summary.validade, carried.validade],
    [t.fields.pagamento, summary.pagamento, undefined],
  ];
  const found = rows.some(([, value]) => value !== null);
  // The carrier declined the quote and nothing priced was read (an analyst's correction may add a price).
  const declined =
    version.flags.declinou === true &&
    [summary.frete, summary.frete20, summary.frete40, summary.taxas].every((value) => value === null);
  // Why a file (or the whole message) gave nothing: a protected PDF, a corrupt or unknown file, binary text
  // (QA pass 9: the card said only 'Nenhum valor identificado' while the reason was stored).
  const unreadable = version.dadosExtraidos.detect.reasons.filter((reason) => UNREADABLE_REASON.test(reason));
  const otherQuotes = version.dadosExtraidos.detect.reasons
    .map((reason) => OTHER_QUOTES.exec(reason)?.[1])
    .find((codes) => codes !== undefined);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this groups read-only figures
    <div role="group" aria-label={formatMessage(t.summaryTitle, { nome })} className="space-y-2">
      {declined ? (
        <div className="space-y-1" data-declined="">
          <Badge variant="neutral">{declines.chip}</Badge>
          <p className="text-sm text-fg-muted">{declines.hint}</p>
        </div>
      ) : (
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs font-medium tracking-wide text-fg-muted uppercase">{t.confidence}</span>
          <ConfidenceBadge value={summary.confidence} />
        </div>
      )}
      {declined ? null : found ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
          {rows.map(([label, value, fromVersion]) => (
            <div key={label} className={wideFields.has(label) ? 'col-span-2 min-w-0' : 'min-w-0'}>
              <dt className="text-xs text-fg-muted">{label}</dt>
              <dd className="text-sm font-medium break-words text-fg tabular-nums">
                {value ?? <span className="font-normal text-fg-muted">{ui.quotes.notInformed}</span>}
                {fromVersion !== undefined && (
                  <span className="ml-1 text-xs font-normal text-fg-muted">
                    {` ${formatMessage(t.fromVersion, { versao: fromVersion })}`}
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-fg-muted" data-no-values="">
          {version.dadosExtraidos.detect.reasons.some((reason) => NO_REPLY_TEXT.test(reason))
            ? t.noReplyText
            : t.noValues}
        </p>
      )}
      {version.extracaoErro && <Alert variant="warning">{version.extracaoErro}</Alert>}
      {otherQuotes && (
        <Alert variant="warning" data-other-quotes="">
          {formatMessage(t.otherQuotes, { codigos: otherQuotes })}
        </Alert>
      )}
      {unreadable.length > 0 && (
        <Alert variant="warning">
          {formatMessage(t.unreadable, { lista: groupUnreadable(unreadable).join('; ') })}
        </Alert>
      )}
      {version.versao > 1 && version.dadosExtraidos.final.condicoesMantidas && (
        <p className="text-xs text-fg-muted" data-kept-terms="">
          {formatMessage(t.keptTerms, { trecho: version.dadosExtraidos.final.condicoesMantidas.text })}
        </p>
      )}
      <OptionRead blocks={version.dadosExtraidos.blocks} />
      {version.observacoes && (
        <p className="text-sm whitespace-pre-line text-fg">
          <span className="text-fg-muted">{t.fields.observacoes}: </span>
          {version.observacoes}
        </p>
      )}
    </div>
  );
}

/**
 * A reply offering several options (carriers, routings): the figures are the recommended one's, else the
 * first's (the extraction rules); the card says which, and names the others, so the analyst knows what the
 * comparison assumed (QA pass 22).
 */
function OptionRead({ blocks }: { blocks: Parameters<typeof optionsRead>[0] }) {
  const read = optionsRead(blocks);
  if (!read) return null;
  const text = t.optionRead[optionsReadKind(read)];
  return (
    <p className="text-xs text-fg-muted" data-option-read="">
      {formatMessage(text, { n: read.total, escolhida: read.escolhida, outras: quotedTitles(read.outras) })}
    </p>
  );
}

function Flags({ version }: { version: ResponseVersion }) {
  const notes: Array<{ label: string; warning: boolean }> = [];
  if (version.origem === 'manual' || version.origem === 'teste' || version.origem === 'portal')
    notes.push({ label: t.origins[version.origem]!, warning: false });
  // The display name of who registered or assigned it (the API gives the name, not the user's id).
  if (version.registradoPor)
    notes.push({
      label: formatMessage(version.atribuida ? t.assignedBy : t.registeredBy, {
        nome: version.registradoPor,
      }),
      warning: false,
    });
  for (const [key, value] of Object.entries(version.flags)) {
    // Shown by SenderCheck, with the action that clears it; a decline by the summary (its chip).
    if (key === 'remetenteNaoVerificado' || key === 'declinou') continue;
    if (key === 'separada') {
      const tipo = typeof value === 'string' ? t.setAsideKinds[value] : undefined;
      if (tipo) notes.push({ label: formatMessage(t.countedAsAnswer, { tipo }), warning: false });
      continue;
    }
    const known = t.flags[key];
    if (value === false || (!known && typeof value !== 'string')) continue;
    const label = !known
      ? String(value)
      : typeof value === 'string'
        ? formatMessage(t.flagWithValue, { label: known, valor: value })
        : known;
    notes.push({ label, warning: true });
  }
  if (notes.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {notes.map(({ label, warning }) => (
        <li key={label} className="max-w-full">
          <span
            className={cn(
              'inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium break-all',
              warning ? 'bg-warning-soft text-warning-soft-fg' : 'bg-surface-muted text-fg-muted',
            )}
          >
            {warning && <AlertTriangleIcon size={12} className="shrink-0" />}
            {label}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ResponseCard({
  entry,
  quoteId,
  canCount,
  asked,
  ended,
  deadline,
}: {
  entry: ResponseEntry;
  quoteId: string;
  canCount: boolean;
  asked: QuoteAsked;
  ended: FinalStatus | null;
  deadline: string;
}) {
  const selectId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const versions = versionsOfEntry(entry);
  const version = versions.find((item) => item.id === chosen) ?? versions[0] ?? null;
  const held = versions.find((item) => item.aguardandoConfirmacao);
  // 'Desfazer atribuição' while the quote waits (the shared rule says which version and what follows).
  const undo = canCount && version ? assignmentUndo(entry, version.id) : undefined;
  const nome = entry.transportador.nome;
  // The request came back and nothing was answered: it is not awaited (the comparison lists it apart).
  const undelivered = entry.estadoEnvio === 'falhou' && !entry.respondeuEm;
  // The quote ended (cancelled, closed, approved) without this carrier's answer: not 'Pendente' any more.
  const unanswered = ended !== null && !entry.respondeuEm && entry.status === 'pendente';
  // Still awaited, but the deadline passed with nothing from it: said as late (an answer still counts).
  const late =
    ended === null && !entry.respondeuEm && entry.status === 'pendente' && isDeadlinePassed(deadline);
  const statusLabel = undelivered
    ? t.notDelivered
    : unanswered
      ? entry.respostaTardia
        ? t.lateAnswerBadge
        : t.noAnswer
      : late
        ? t.lateNoAnswer
        : (t.statuses[entry.status] ?? entry.status);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-fg">{nome}</h3>
          <p className="text-sm break-all text-fg-muted">{entry.transportador.email}</p>
        </div>
        <Badge
          variant={undelivered ? 'danger' : late ? 'warning' : statusVariant(entry.status)}
          title={t.statusLabel}
        >
          {statusLabel}
        </Badge>
      </div>
      <SendLine entry={entry} />
      {entry.estadoEnvio === 'falhou' &&
        (entry.respondeuEm ? (
          // It answered anyway (from another address, QA pass 25): not "não foi entregue", a hint to check.
          <Alert variant="warning">
            {entry.falhaEntrega
              ? formatMessage(t.sendFailedAnswered, { motivo: entry.falhaEntrega })
              : t.sendFailedAnsweredNoReason}
          </Alert>
        ) : (
          <Alert variant="error">
            {entry.falhaEntrega
              ? formatMessage(t.sendFailed, { motivo: entry.falhaEntrega })
              : t.sendFailedNoReason}
          </Alert>
        ))}
      {!undelivered && <AnswerLine entry={entry} ended={ended} deadline={deadline} />}
      <SetAsideNote entry={entry} quoteId={quoteId} canCount={canCount} />
      {version && (
        <div className="space-y-3 border-t border-border pt-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm font-medium text-fg">
              {formatMessage(t.versionOf, { versao: version.versao, total: versions.length || 1 })}
            </span>
            {versions.length > 1 && (
              <>
                <label htmlFor={selectId} className="sr-only">
                  {formatMessage(t.versionSelect, { nome })}
                </label>
                <select
                  id={selectId}
                  value={version.id}
                  onChange={(event) => setChosen(event.target.value)}
                  className="h-8 rounded-lg border border-border-strong bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {versions.map((item) => {
                    const label = formatMessage(t.versionOption, {
                      versao: item.versao,
                      data: dateTime(item.createdAt),
                    });
                    return (
                      <option key={item.id} value={item.id}>
                        {item.id === entry.atual?.id ? formatMessage(t.versionCurrent, { label }) : label}
                      </option>
                    );
                  })}
                </select>
              </>
            )}
          </div>
          {entry.atual && version.id !== entry.atual.id && (
            <p className="text-xs text-warning-soft-fg">
              {formatMessage(t.olderVersion, { versao: entry.atual.versao })}
            </p>
          )}
          <SenderCheck
            quoteId={quoteId}
            nome={nome}
            shown={version}
            held={held}
            currentVersao={entry.atual?.versao ?? null}
          />
          <Summary
            version={version}
            versions={versions}
            nome={nome}
            quoteId={quoteId}
            canReadAgain={canCount}
            asked={asked}
          />
          <Flags version={version} />
          {undo && (
            <UndoAssignmentButton
              quoteId={quoteId}
              nome={nome}
              version={version}
              previous={undo.currentAfter}
            />
          )}
          {version.mensagemId && (
            <Link
              to={{ search: conversationSearch(version.mensagemId) }}
              aria-label={formatMessage(t.viewMessageOf, { nome })}
              className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-primary-soft-fg underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              <MailIcon size={16} />
              {t.viewMessage}
            </Link>
          )}
        </div>
      )}
    </li>
  );
}

function CardsSkeleton() {
  return (
    <div role="status" aria-label={t.loading} className="grid gap-4 md:grid-cols-2">
      {[0, 1].map((index) => (
        <div key={index} className="space-y-3 rounded-xl border border-border bg-surface p-4">
          <div className="h-5 w-1/2 animate-pulse rounded bg-surface-muted" />
          <div className="h-4 w-2/3 animate-pulse rounded bg-surface-muted" />
          <div className="h-16 animate-pulse rounded bg-surface-muted" />
        </div>
      ))}
    </div>
  );
}

/**
 * The carriers' answers on the quote detail, below the comparison table: one card per recipient with its
 * send state, answer time, the extracted summary of the chosen version (earlier versions too) and its
 * confidence, and 'Registrar resposta'. Polls every 15 s while the quote waits for answers. The detail
 * shows the answer progress above its tabs, so it passes `showProgress={false}`.
 */
export function ResponseCards({
  quote,
  showProgress = true,
}: {
  quote: QuoteDetail;
  showProgress?: boolean;
}) {
  const waiting = (WAITING_STATUSES as readonly string[]).includes(quote.status);
  const ended = isFinalStatus(quote.status) ? quote.status : null;
  const responses = useResponses(quote.id, { poll: waiting });
  const asked = useMemo(() => quoteAskedFrom(quote), [quote]);
  useNewResponseNotices(quote.id, responses.data);
  const canRegister =
    !(FINAL_STATUSES as readonly string[]).includes(quote.status) && quote.destinatarios.length > 0;

  return (
    <section aria-labelledby="quote-responses" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="quote-responses" className="text-base font-semibold text-fg">
          {t.title}
        </h2>
        {canRegister && <RegisterResponseButton quote={quote} />}
      </div>
      {responses.isPending ? (
        <CardsSkeleton />
      ) : responses.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{errorText(responses.error, t.loadError)}</span>
            <Button variant="secondary" size="sm" onClick={() => responses.refetch()}>
              {t.retry}
            </Button>
          </div>
        </Alert>
      ) : (
        <>
          {showProgress && <AnswerProgress entries={responses.data} />}
          {responses.data.length === 0 ? (
            <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-sm text-fg-muted">
              {t.empty}
            </p>
          ) : (
            <ul aria-label={t.title} className="grid gap-4 md:grid-cols-2">
              {responses.data.map((entry) => (
                <ResponseCard
                  key={entry.transportadorId}
                  entry={entry}
                  quoteId={quote.id}
                  canCount={waiting}
                  asked={asked}
                  ended={ended}
                  deadline={quote.prazoResposta}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
