import { countedContainersOf } from '@cotacoes/shared/comparison/asked';
import { quoteChargeableWeight, quoteLclMeasures } from '@cotacoes/shared/comparison/quantities';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { QuoteRecipient } from '@cotacoes/shared/schemas/quotes';
import { type ReactNode, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { type QuoteDetail, useQuote } from '@/api/get-quote';
import { ArrowLeftIcon, ChartIcon, DownloadIcon, FileTextIcon, SearchIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardSection } from '@/components/ui/card';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { LoadingState } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { Tabs } from '@/components/ui/tabs';
import { ComparativeModal } from '@/features/comparative';
import { AnswerProgressBar, ComparisonSection } from '@/features/comparison';
import { ConversationTab } from '@/features/conversation';
import { QuoteRemindersCard } from '@/features/follow-up';
import { ResponseCards } from '@/features/responses';
import { ApiError, errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import { useDownloadQuotePdf } from '../api/download-quote-pdf';
import { formatBytes } from './draft';
import { listReturnHref } from './list-return';
import { QuoteActions } from './quote-actions';
import { QuoteStatusBadge } from './quote-status-badge';

const t = ui.quotes.detail;
const sendStateVariant: Record<QuoteRecipient['estadoEnvio'], BadgeVariant> = {
  pendente: 'warning',
  enviado: 'success',
  falhou: 'danger',
};

function BackLink() {
  return (
    <Link to={listReturnHref()} className={buttonClasses({ variant: 'secondary' })}>
      <ArrowLeftIcon size={16} />
      {t.back}
    </Link>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

const orNot = (value: string | null | undefined) =>
  value?.trim() ? value : <span className="text-fg-muted">{ui.quotes.notInformed}</span>;
const yesNo = (value: boolean | null) =>
  value === null ? orNot(null) : value ? ui.quotes.yes : ui.quotes.no;
const dateTime = (value: string | null) => (value ? formatDateTime(value, ui.common.invalidDate) : t.never);

function QuoteInfo({ quote }: { quote: QuoteDetail }) {
  const { respondidas, total } = quote.contadorRespostas;
  const { aprovacao, cancelamento, encerramento } = quote;
  return (
    <CardSection title={t.infoTitle} headingId="quote-info">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Field label={t.status}>
          <QuoteStatusBadge status={quote.status} />
        </Field>
        {quote.status === 'APROVADA' && aprovacao && (
          <Field label={ui.decisions.detail.approvedCarrier}>
            <span className="font-semibold">
              {aprovacao.transportadorNome}
              {aprovacao.destino && ` (${aprovacao.destino})`}
            </span>
            <span className="block text-xs text-fg-muted">
              {formatMessage(ui.decisions.detail.approvedBy, {
                nome: aprovacao.aprovadoPor ?? ui.decisions.comparison.someone,
                data: formatDateTime(aprovacao.aprovadoEm, ui.common.invalidDate),
              })}
            </span>
          </Field>
        )}
        {quote.status === 'CANCELADA' && cancelamento && (
          <Field label={t.cancelled}>
            {cancelamento.canceladoPor
              ? formatMessage(t.cancelledBy, {
                  nome: cancelamento.canceladoPor,
                  data: formatDateTime(cancelamento.canceladoEm, ui.common.invalidDate),
                })
              : formatMessage(t.cancelledBySomeone, {
                  data: formatDateTime(cancelamento.canceladoEm, ui.common.invalidDate),
                })}
          </Field>
        )}
        {quote.status === 'FECHADA' && encerramento && (
          <Field label={t.closed}>
            {formatMessage(encerramento.encerradoPor ? t.closedBy : t.closedBySomeone, {
              nome: encerramento.encerradoPor ?? '',
              data: formatDateTime(encerramento.encerradoEm, ui.common.invalidDate),
            })}
          </Field>
        )}
        <Field label={t.createdAt}>{formatDateTime(quote.dataCriacao, ui.common.invalidDate)}</Field>
        <Field label={t.deadline}>{formatDateTime(quote.prazoResposta, ui.common.invalidDate)}</Field>
        <Field label={t.answers}>{formatMessage(t.answersValue, { respondidas, total })}</Field>
        <Field label={t.solicitante}>{orNot(quote.nomeSolicitante)}</Field>
        <Field label={t.referencia}>{orNot(quote.referenciaProcesso)}</Field>
        <Field label={t.fti}>{orNot(quote.fti)}</Field>
        <Field label={t.tipoFrete}>{orNot(quote.tipoFrete)}</Field>
        <Field label={t.format}>{ui.quotes.formats[quote.metodoEnvio]}</Field>
        <Field label={t.mode}>{ui.quotes.modes[quote.modoEnvio]}</Field>
        <Field label={t.language}>{ui.quotes.languages[quote.idiomaEmail]}</Field>
        <Field label={t.groups}>
          {quote.grupos.length ? quote.grupos.map((grupo) => grupo.nome).join(', ') : orNot(null)}
        </Field>
      </dl>
    </CardSection>
  );
}

/** A measure in pt-BR with up to `digits` decimals ('3,96', '1.850'). */
const measure = (value: number, digits: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: digits }).format(value);

/** '2 × 20DV, 1 × 40HC'. */
const containerList = (asks: readonly { tipo: string; quantidade: number }[]) =>
  asks.map((ask) => `${ask.quantidade} × ${ask.tipo}`).join(', ');

/**
 * Air: the weight every per-kg price is counted on, and how it was found (QA pass 24: the 'Pedido' showed the
 * gross weight only, while the comparison priced 565 kg).
 */
function ChargeableWeight({ quote }: { quote: QuoteDetail }) {
  const weight = quoteChargeableWeight(quote);
  if (!weight) return null;
  return (
    <Field label={t.pesoTaxado}>
      {weight.volumeM3 === null
        ? formatMessage(t.pesoTaxadoWeightOnly, { peso: measure(weight.kg, 1) })
        : formatMessage(t.pesoTaxadoValue, {
            peso: measure(weight.kg, 1),
            bruto: `${measure(weight.pesoKg, 1)} kg`,
            volume: measure(weight.volumeM3, 2),
          })}
    </Field>
  );
}

/** LCL: the volume, weight and W/M the per-m³, per-ton and W/M prices are counted on (QA pass 33). */
function LclMeasures({ quote }: { quote: QuoteDetail }) {
  const lcl = quoteLclMeasures(quote);
  if (!lcl) return null;
  const volume = lcl.volumeM3 === null ? null : measure(lcl.volumeM3, 2);
  const peso = lcl.pesoKg === null ? null : measure(lcl.pesoKg, 1);
  return (
    <Field label={t.medidasLcl}>
      {volume !== null && peso !== null && lcl.wm !== null
        ? formatMessage(t.medidasLclValue, { volume, peso, wm: measure(lcl.wm, 2) })
        : volume !== null
          ? formatMessage(t.medidasLclVolumeOnly, { volume })
          : formatMessage(t.medidasLclWeightOnly, { peso: peso ?? '' })}
    </Field>
  );
}

/**
 * FCL: the containers the comparison counts, as read from the cargo items (QA pass 33: a mix typed as
 * "2 x 20DV + 1 x 40HC" was counted right, but nothing on the page said how it was read). A quote whose
 * containers come from its request file says so under the file instead.
 */
function AskedContainers({ quote }: { quote: QuoteDetail }) {
  const counted = quote.conteineresDoArquivo === undefined ? countedContainersOf(quote) : null;
  if (!counted) return null;
  return (
    <Field label={t.conteineres}>{counted.length === 0 ? t.conteineresNone : containerList(counted)}</Field>
  );
}

function QuoteRequest({ quote }: { quote: QuoteDetail }) {
  const manual = quote.metodoEnvio === 'EMAIL';
  return (
    <CardSection title={t.requestTitle} headingId="quote-request">
      <div className="space-y-5">
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          {(manual || quote.origem || quote.destino) && (
            <Field label={t.route}>
              {quote.origem || quote.destino
                ? formatMessage(t.routeValue, {
                    origem: quote.origem ?? ui.quotes.notInformed,
                    destino: quote.destino ?? ui.quotes.notInformed,
                  })
                : orNot(null)}
            </Field>
          )}
          {manual && <Field label={t.incoterm}>{orNot(quote.incoterm)}</Field>}
          {manual && <Field label={t.tempoTransito}>{orNot(quote.tempoTransito)}</Field>}
          {manual && <Field label={t.preferenciaRota}>{yesNo(quote.preferenciaRota)}</Field>}
          {quote.evitarRota && <Field label={t.evitarRota}>{quote.evitarRota}</Field>}
          {quote.evitarArmador && <Field label={t.evitarArmador}>{quote.evitarArmador}</Field>}
          {manual && <Field label={t.pesoBrutoTotal}>{orNot(quote.pesoBrutoTotal)}</Field>}
          <ChargeableWeight quote={quote} />
          <LclMeasures quote={quote} />
          <AskedContainers quote={quote} />
          {manual && <Field label={t.valorMercadoria}>{orNot(quote.valorMercadoria)}</Field>}
          <Field label={t.cargaPerigosa}>{yesNo(quote.cargaPerigosa)}</Field>
        </dl>
        {(quote.observacoes || quote.descricaoAdicional) && (
          <dl>
            <Field label={t.observacoes}>
              <span className="whitespace-pre-line">{quote.observacoes ?? quote.descricaoAdicional}</span>
            </Field>
          </dl>
        )}

        {quote.itens.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-semibold text-fg">{t.itemsTitle}</h3>
            <Table caption={t.itemsCaption} scrollLabel={t.itemsCaption}>
              <TableHead>
                <tr>
                  <TableHeaderCell className="w-12">{t.itemColumns.n}</TableHeaderCell>
                  <TableHeaderCell>{t.itemColumns.mercadoria}</TableHeaderCell>
                  <TableHeaderCell>{t.itemColumns.volumes}</TableHeaderCell>
                  <TableHeaderCell>{t.itemColumns.dimensoes}</TableHeaderCell>
                </tr>
              </TableHead>
              <TableBody>
                {quote.itens.map((item, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: items have no id and never reorder
                  <TableRow key={index}>
                    <TableCell className="tabular-nums">{index + 1}</TableCell>
                    <TableCell>{orNot(item.mercadoria)}</TableCell>
                    <TableCell>{orNot(item.quantidadeVolumes)}</TableCell>
                    <TableCell>{orNot(item.dimensoes)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}

        <div>
          <h3 className="mb-2 text-sm font-semibold text-fg">{t.attachmentsTitle}</h3>
          {quote.anexos.length === 0 ? (
            <p className="text-sm text-fg-muted">{t.noAttachments}</p>
          ) : (
            <ul className="space-y-1.5">
              {quote.anexos.map((anexo) => (
                <li key={`${anexo.tipo}-${anexo.nome}`} className="flex flex-wrap items-center gap-2 text-sm">
                  <FileTextIcon size={16} className="text-fg-muted" />
                  <span className="font-medium text-fg">{anexo.nome}</span>
                  <span className="text-fg-muted">
                    {t.attachmentKinds[anexo.tipo]} · {formatBytes(anexo.tamanho)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {quote.conteineresDoArquivo !== undefined && (
            <p className="mt-2 text-sm text-fg-muted" data-file-containers="">
              {quote.conteineresDoArquivo === null
                ? t.fileReading
                : quote.conteineresDoArquivo.length === 0
                  ? t.fileContainersNone
                  : formatMessage(t.fileContainers, { lista: containerList(quote.conteineresDoArquivo) })}
            </p>
          )}
        </div>

        {quote.descricaoGeral && (
          <details className="rounded-lg border border-border">
            <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-fg focus-visible:outline-2 focus-visible:outline-ring">
              {t.emailTitle}
            </summary>
            <div className="space-y-2 border-t border-border px-3 py-3 text-sm">
              <p>
                <span className="text-fg-muted">{t.subject}: </span>
                <span className="text-fg">{quote.tituloEmail}</span>
              </p>
              <pre className="font-sans whitespace-pre-wrap text-fg">{quote.descricaoGeral}</pre>
            </div>
          </details>
        )}
      </div>
    </CardSection>
  );
}

function Recipients({ recipients }: { recipients: QuoteDetail['destinatarios'] }) {
  const columns = t.recipientColumns;
  // Phones get one card per carrier: the send state must not hide behind a sideways scroll.
  const wide = useMediaQuery('(min-width: 48rem)');
  return (
    <section aria-labelledby="quote-recipients" className="space-y-3">
      <h2 id="quote-recipients" className="text-base font-semibold text-fg">
        {t.recipientsTitle}
      </h2>
      {!wide && (
        <ul aria-label={t.recipientsCaption} className="space-y-2">
          {recipients.length === 0 && <li className="text-sm text-fg-muted">{t.noRecipients}</li>}
          {recipients.map((recipient) => (
            <li key={recipient.transportadorId} className="rounded-xl border border-border bg-surface p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-medium text-fg">{recipient.nome}</h3>
                <Badge variant={sendStateVariant[recipient.estadoEnvio]}>
                  {t.sendStates[recipient.estadoEnvio]}
                </Badge>
              </div>
              <p className="mt-1 text-sm break-words text-fg-muted">{recipient.emails.join('; ')}</p>
              <dl className="mt-2 grid grid-cols-2 gap-2">
                <Field label={columns.enviadoEm}>{dateTime(recipient.enviadoEm)}</Field>
                <Field label={columns.respondeuEm}>{dateTime(recipient.respondeuEm)}</Field>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {wide && (
        <Table caption={t.recipientsCaption} scrollLabel={t.recipientsCaption}>
          <TableHead>
            <tr>
              <TableHeaderCell>{columns.nome}</TableHeaderCell>
              <TableHeaderCell>{columns.emails}</TableHeaderCell>
              <TableHeaderCell>{columns.estado}</TableHeaderCell>
              <TableHeaderCell>{columns.enviadoEm}</TableHeaderCell>
              <TableHeaderCell>{columns.respondeuEm}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {recipients.length === 0 && <TableEmpty colSpan={5}>{t.noRecipients}</TableEmpty>}
            {recipients.map((recipient) => (
              <TableRow key={recipient.transportadorId}>
                <TableCell className="font-medium">{recipient.nome}</TableCell>
                <TableCell className="text-fg-muted">{recipient.emails.join('; ')}</TableCell>
                <TableCell>
                  <Badge variant={sendStateVariant[recipient.estadoEnvio]}>
                    {t.sendStates[recipient.estadoEnvio]}
                  </Badge>
                </TableCell>
                <TableCell className="whitespace-nowrap">{dateTime(recipient.enviadoEm)}</TableCell>
                <TableCell className="whitespace-nowrap">{dateTime(recipient.respondeuEm)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

/**
 * 'COTAÇÃO #code' (spec 001 §2, /quotes/:id): the info block (with the approved carrier once APROVADA),
 * the answer progress and 'Revisar Todos', then the tabs: 'Comparação' (the comparison table, the
 * response cards, what was asked and to whom it went) and the conversation history; the actions on the
 * quote (edit, close, cancel, delete) and its PDF in the header.
 */
export function QuoteDetailPage() {
  const { id = '' } = useParams();
  // 'Ver mensagem' on a response card links to ?aba=historico: the tab follows the address.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('aba') === 'historico' ? 'historico' : 'comparacao';
  const quote = useQuote(id);
  const pdf = useDownloadQuotePdf();
  const [comparativeOpen, setComparativeOpen] = useState(false);
  // A new modal each time it opens: it starts from the margin the 'Comparação' tab is showing.
  const [comparativeOpenings, setComparativeOpenings] = useState(0);

  if (quote.isPending) {
    return (
      <>
        <PageTitle title={t.title} />
        <LoadingState />
      </>
    );
  }

  if (quote.isError) {
    const notFound = quote.error instanceof ApiError && quote.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl">
        <PageTitle title={notFound ? t.notFound : t.title} />
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-surface-muted text-fg-muted">
            <SearchIcon size={24} />
          </span>
          <h1 className="text-xl font-bold text-fg">
            {notFound ? t.notFound : errorText(quote.error, t.loadError)}
          </h1>
          {notFound && <p className="text-sm text-fg-muted">{t.notFoundText}</p>}
          <BackLink />
        </Card>
      </div>
    );
  }

  const data = quote.data;
  const heading = formatMessage(t.heading, { codigo: data.codigo });
  const comparison = (
    <div className="space-y-6">
      <ComparisonSection quote={data} />
      <ResponseCards quote={data} showProgress={false} />
      <QuoteRemindersCard quote={data} />
      <QuoteRequest quote={data} />
      <Recipients recipients={data.destinatarios} />
    </div>
  );
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <PageTitle title={heading} />
      <PageHeader
        title={heading}
        className="mb-0"
        actions={
          <>
            <BackLink />
            <QuoteActions quote={data} />
            <Button
              variant="secondary"
              onClick={() => {
                setComparativeOpenings((count) => count + 1);
                setComparativeOpen(true);
              }}
            >
              <ChartIcon size={16} />
              {ui.comparative.button}
            </Button>
            <Button onClick={() => pdf.mutate(data)} loading={pdf.isPending} loadingText={t.downloading}>
              <DownloadIcon size={16} />
              {t.downloadPdf}
            </Button>
          </>
        }
      />
      {pdf.isError && <Alert variant="error">{errorText(pdf.error, t.pdfError)}</Alert>}
      <ComparativeModal
        key={comparativeOpenings}
        open={comparativeOpen}
        onClose={() => setComparativeOpen(false)}
        quote={data}
      />
      <QuoteInfo quote={data} />
      <AnswerProgressBar quote={data} />
      <Tabs
        label={ui.conversation.tabsLabel}
        value={tab}
        onValueChange={(next) =>
          setSearchParams(
            (params) => {
              params.set('aba', next);
              if (next !== 'historico') params.delete('mensagem');
              return params;
            },
            { replace: true },
          )
        }
        items={[
          { id: 'comparacao', label: ui.conversation.tabComparison, content: comparison },
          {
            id: 'historico',
            label: ui.conversation.tabHistory,
            content: <ConversationTab quoteId={data.id} />,
          },
        ]}
      />
    </div>
  );
}
