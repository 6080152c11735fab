import { missingFreightOf, missingItemsText } from '@cotacoes/shared/comparison/asked';
import { estimateNoteText } from '@cotacoes/shared/comparison/estimate-text';
import { feeDisplayName } from '@cotacoes/shared/comparison/fee-names';
import { freightTypeName } from '@cotacoes/shared/comparison/freight-type';
import {
  quantityAround,
  transitDaysText,
  unpricedText,
  weightBandText,
} from '@cotacoes/shared/comparison/quantity-text';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { unitWords } from '@cotacoes/shared/rules/hints';
import type { ComparisonRow, ComparisonValue } from '@cotacoes/shared/schemas/comparison';
import { Link } from 'react-router';
import {
  AlertTriangleIcon,
  CheckCircleIcon,
  ChevronDownIcon,
  ClockIcon,
  RefreshIcon,
  SparklesIcon,
} from '@/components/icons';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { type FigureRef, useComparisonContext } from './comparison-context';
import { AddedFeeBadge, FeeAdditions } from './comparison-fee-additions';
import { Figure } from './comparison-figure';
import {
  amount,
  dateText,
  daysText,
  feeLabel,
  freightLabel,
  money,
  variationParts,
} from './comparison-format';

const t = ui.decisions.comparison;
const th = ui.hints.comparison;
const fields = ui.decisions.correction.fields;
const notInformed = ui.quotes.notInformed;

export function valueFigure(
  row: ComparisonRow,
  label: string,
  value: ComparisonValue,
  display: string,
): FigureRef {
  return {
    respostaId: row.respostaId,
    label,
    display,
    valor: value.valor,
    moeda: value.moeda,
    campo: value.campo,
    fonte: value.fonte,
    confianca: value.confianca,
    corrigido: value.corrigido,
    ...(value.versaoAnterior === undefined ? {} : { versaoAnterior: value.versaoAnterior }),
  };
}

/** What a row without a price shows in place of its totals ('Em extração', 'Extração falhou'…). */
export function UnpricedTotal({ row }: { row: ComparisonRow }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-normal text-fg-muted">
      {row.extracao === 'pendente' && <Spinner size={14} />}
      {unpricedText(row)}
    </span>
  );
}

/** The path of another attribute of the item a value path names: 'fretes.0.valor' → 'fretes.0.unidade'. */
function siblingPath(campo: string | null, attribute: 'unidade' | 'moeda'): string | null {
  const match = /^((?:fretes|taxas\.itens)\.\d+)\.valor$/.exec(campo ?? '');
  return match ? `${match[1]}.${attribute}` : null;
}

/**
 * A unit, basis or currency of a line as a figure of its own (ADR 0101): it opens the source and, when
 * the line is correctable, its pencil picks another from the list; corrected ones are marked.
 */
function AttributeFigure({
  row,
  label,
  display,
  valor,
  campo,
  fonte,
}: {
  row: ComparisonRow;
  label: string;
  display: string;
  valor: string | null;
  campo: string | null;
  fonte: FigureRef['fonte'];
}) {
  const { correctionOf } = useComparisonContext();
  return (
    <Figure
      className="text-xs text-fg-muted"
      figure={{
        respostaId: row.respostaId,
        label,
        display,
        valor,
        campo,
        fonte,
        confianca: null,
        corrigido: campo !== null && correctionOf(row.respostaId, campo) !== undefined,
      }}
    />
  );
}

/**
 * 'Ajustado por correção anterior': a hint learnt from an earlier correction of this carrier set the
 * unit, basis or currency (ADR 0101); not shown once the analyst corrected that attribute here.
 */
function HintMarker({
  row,
  campo,
  adjustments,
}: {
  row: ComparisonRow;
  campo: string | null;
  adjustments: ComparisonRow['fretes'][number]['ajustadoPorDica'];
}) {
  const { correctionOf } = useComparisonContext();
  const shown = (adjustments ?? []).filter(
    (adjustment) => correctionOf(row.respostaId, siblingPath(campo, adjustment.campo)) === undefined,
  );
  if (shown.length === 0) return null;
  const antes = shown
    .map((adjustment) =>
      adjustment.antes === null
        ? ui.quotes.notInformed
        : adjustment.campo === 'unidade'
          ? unitWords(adjustment.antes)
          : adjustment.antes,
    )
    .join(', ');
  const title = formatMessage(th.adjustedTitle, { antes });
  return (
    <span
      title={title}
      className="inline-flex items-center gap-0.5 rounded-full bg-primary-soft px-1.5 text-[11px] font-medium whitespace-nowrap text-primary-soft-fg"
    >
      <SparklesIcon size={11} aria-hidden="true" />
      {th.adjusted}
      <span className="sr-only">: {title}</span>
    </span>
  );
}

/** A total in `currency`, or why the row has none (`precificada` false). */
export function TotalFigure({
  row,
  currency,
  className,
}: {
  row: ComparisonRow;
  currency: 'BRL' | 'USD';
  className?: string;
}) {
  if (!row.precificada) return <UnpricedTotal row={row} />;
  return (
    <span className={cn(className, 'tabular-nums')}>
      {money(currency === 'BRL' ? row.custoTotalBRL : row.custoTotalUSD, currency)}
    </span>
  );
}

/** The carrier has a row per port among `rows`: its name alone would label its buttons alike. */
export const hasSeveralPorts = (rows: readonly ComparisonRow[], row: ComparisonRow) =>
  rows.some((other) => other.transportadorId === row.transportadorId && other.id !== row.id);

/** The carrier's name, with the port when the row is one of its ports ('Atlântico (Santos)'). */
const rowName = (row: { transportador: { nome: string }; destino: string | null }, withPort: boolean) =>
  withPort && row.destino ? `${row.transportador.nome} (${row.destino})` : row.transportador.nome;

/** 'Ver linhas (n)' / 'Ocultar linhas': opens a row's fee lines (table and cards alike). */
export function FeesToggle({
  row,
  open,
  controls,
  onToggle,
  className,
  iconSize,
  withPort = false,
}: {
  row: ComparisonRow;
  open: boolean;
  controls: string;
  onToggle: (rowId: string) => void;
  className: string;
  iconSize: number;
  /** The carrier has a row per port: its name alone would label two buttons alike. */
  withPort?: boolean;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-label={
        // A carrier's rows of two ports are told apart by the port (QA pass 41c: one label for both).
        open
          ? formatMessage(t.feesToggleHideOf, { nome: rowName(row, withPort) })
          : formatMessage(t.feesToggleOf, { count: row.taxas.length, nome: rowName(row, withPort) })
      }
      aria-controls={open ? controls : undefined}
      onClick={() => onToggle(row.id)}
      className={cn(
        'inline-flex items-center gap-1 rounded-sm font-medium text-primary-soft-fg focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      <ChevronDownIcon size={iconSize} className={cn('transition-transform', open && 'rotate-180')} />
      {open ? t.feesToggleHide : formatMessage(t.feesToggle, { count: row.taxas.length })}
    </button>
  );
}

export function FreightList({ row }: { row: ComparisonRow }) {
  if (row.extracao !== 'concluida') return <UnpricedTotal row={row} />;
  if (row.fretes.length === 0) return <span className="text-fg-muted">{notInformed}</span>;
  return (
    <ul className="space-y-1">
      {row.fretes.map((frete, index) => {
        const display = frete.valor === null ? notInformed : money(frete.valor, frete.moeda);
        // A counted line says its quantity: '2 × US$ 2.950,00 = US$ 5.900,00' (issue 30).
        const around =
          frete.quantidade && frete.valorTotal !== undefined
            ? quantityAround(frete)
            : { antes: null, depois: null };
        const label = freightLabel(frete.tipo);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the server's order of freight lines is fixed
          <li key={index} className="flex flex-wrap items-center gap-x-1.5 whitespace-nowrap">
            <AttributeFigure
              row={row}
              label={formatMessage(th.unitOf, { campo: label })}
              // 'por W/M', 'por kg' rather than the codes 'WM', 'KG' (QA pass 22); container types as they are.
              display={freightTypeName(frete.tipo)}
              valor={frete.tipo}
              campo={siblingPath(frete.campo, 'unidade')}
              fonte={frete.fonte}
            />
            {frete.origem && (
              <span className="text-xs text-fg-muted">
                {formatMessage(ui.comparison.freightOriginOnly, { origem: frete.origem })}
              </span>
            )}
            {frete.faixa && (
              // May wrap: "(faixa +100 kg: 90 kg cobrados como 100 kg, mais barato)" widened the column.
              <span className="text-xs whitespace-normal text-fg-muted">{weightBandText(frete)}</span>
            )}
            <QuantityPart text={around.antes} />
            <Figure figure={valueFigure(row, label, frete, display)} lowConfidence={frete.baixaConfianca} />
            <QuantityPart text={around.depois} />
            <HintMarker row={row} campo={frete.campo} adjustments={frete.ajustadoPorDica} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Fees summed by currency after the §5 rules: USD and BRL (and EUR when quoted), each on its line. A row
 * with charges in EUR shows only the currencies it has (QA pass 30: "USD 0,00 / BRL 0,00" above the euros).
 */
export function FeeTotals({ row }: { row: ComparisonRow }) {
  const { USD, BRL, EUR } = row.taxasPorMoeda;
  if (row.extracao !== 'concluida') return <span className="text-fg-muted">—</span>;
  if (row.taxas.length === 0)
    return <span className="text-fg-muted">{row.freteAllIn ? t.allInFees : t.noFees}</span>;
  const euros = EUR !== undefined && EUR !== 0;
  const lines = (
    [
      ['USD', USD],
      ['BRL', BRL],
      ['EUR', EUR],
    ] as const
  ).filter(([currency, value]) =>
    currency === 'EUR' ? EUR !== undefined : !euros || (value !== undefined && value !== 0),
  );
  return (
    <dl className="space-y-0.5 whitespace-nowrap tabular-nums">
      {lines.map(([currency, value]) => (
        <div key={currency} className="flex items-baseline gap-1.5">
          <dt className="w-8 text-xs text-fg-muted">{currency}</dt>
          {/* An all-in freight's currency with nothing apart: included, as the PDF says (QA pass 37: "0,00"). */}
          <dd>{row.freteAllIn && (value ?? 0) === 0 ? t.allInFeesShort : amount(value ?? 0)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The quantity beside a figure ('2 ×', '= R$ 2.840,00'), out of the figure's own button (issue 30). */
function QuantityPart({ text }: { text: string | null }) {
  if (!text) return null;
  return <span className="text-sm whitespace-nowrap tabular-nums text-fg-muted">{text}</span>;
}

/** The fee lines open below the row: read ones, or the previous version's to keep, or missing ones to add. */
export const hasFeeLines = (row: ComparisonRow) =>
  row.taxas.length > 0 || (row.taxasVersaoAnterior?.length ?? 0) > 0 || (row.taxasAusentes?.length ?? 0) > 0;

/** Every fee line read, with the ones the §5 rules left out and why. */
export function FeeLines({ row }: { row: ComparisonRow }) {
  const ignored = row.ignoradosPorDica ?? [];
  return (
    <div className="space-y-1.5">
      <ul
        aria-label={formatMessage(t.feesOf, { nome: row.transportador.nome })}
        className="space-y-1.5 text-sm"
      >
        {row.taxas.map((taxa, index) => {
          const display = taxa.valor === null ? notInformed : money(taxa.valor, taxa.moeda);
          const around = quantityAround(taxa);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the server's order of fee lines is fixed
              key={index}
              className={cn(
                'flex flex-wrap items-center gap-x-2 gap-y-0.5',
                !taxa.contabilizada && 'text-fg-muted',
              )}
            >
              <span className={cn('min-w-24 font-medium', !taxa.contabilizada && 'line-through')}>
                {feeDisplayName(taxa.rotulo)}
              </span>
              {taxa.destino && <span className="text-xs text-fg-muted">{taxa.destino}</span>}
              {taxa.unidade && (
                <AttributeFigure
                  row={row}
                  label={formatMessage(th.basisOf, { campo: feeLabel(taxa) })}
                  display={unitWords(taxa.unidade)}
                  valor={taxa.unidade}
                  campo={siblingPath(taxa.campo, 'unidade')}
                  fonte={taxa.fonte}
                />
              )}
              <QuantityPart text={around.antes} />
              <Figure
                figure={valueFigure(row, feeLabel(taxa), taxa, display)}
                lowConfidence={taxa.baixaConfianca}
              />
              <QuantityPart text={around.depois} />
              <HintMarker row={row} campo={taxa.campo} adjustments={taxa.ajustadoPorDica} />
              <AddedFeeBadge taxa={taxa} />
              {!taxa.contabilizada && (
                <Badge variant="neutral" className="whitespace-normal">
                  {t.feeNotCounted}: {taxa.motivo ?? t.feeReasonUnknown}
                </Badge>
              )}
            </li>
          );
        })}
      </ul>
      {ignored.length > 0 && (
        <p className="text-xs text-fg-muted">
          {formatMessage(th.ignored, {
            lista: ignored.map((item) => `${item.rotulo}: ${money(item.valor, item.moeda)}`).join('; '),
          })}
        </p>
      )}
      <FeeAdditions row={row} />
    </div>
  );
}

const completeness = ui.comparison.completeness;
const revisionTerms = ui.comparison.revisionTerms;

/**
 * The row's port: the one the answer names; else the quote's only port, said to be the quote's; else
 * 'Não informado' (the quote names several and the answer none).
 */
export function RowDestination({ row }: { row: ComparisonRow }) {
  if (row.destino !== null) return <>{row.destino}</>;
  if (row.destinoDaCotacao)
    return (
      <span title={formatMessage(t.quoteDestinationTitle, { destino: row.destinoDaCotacao })}>
        {row.destinoDaCotacao} <span className="text-xs font-normal text-fg-muted">{t.quoteDestination}</span>
      </span>
    );
  return (
    <span className="font-normal text-fg-muted" title={t.noDestinationTitle}>
      {t.noDestination}
    </span>
  );
}

/** 'destino da versão 1' beside a destination the revision did not name (its port and road cost). */
export function CarriedDestination({ row }: { row: ComparisonRow }) {
  if (row.destinoVersaoAnterior === undefined) return null;
  const versao = row.destinoVersaoAnterior;
  return (
    <span
      className="text-xs font-normal text-fg-muted"
      title={formatMessage(revisionTerms.destinationTitle, { versao })}
      data-carried=""
    >
      {/* A space in the text, not a margin: read aloud or copied, 'Santos (destino da versão 1)'. */} (
      {formatMessage(revisionTerms.destination, { versao })})
    </span>
  );
}

/** The revision's own words that the rest of its previous offer still applies, and what that kept. */
export function KeptTermsNote({ row }: { row: ComparisonRow }) {
  if (!row.condicoesMantidas) return null;
  const { versao, trecho } = row.condicoesMantidas;
  return (
    <p
      className="mt-1 text-xs text-fg-muted"
      title={formatMessage(revisionTerms.keptTitle, { versao })}
      data-kept-terms=""
    >
      {formatMessage(revisionTerms.kept, { versao, trecho })}
    </p>
  );
}

/**
 * Why a row cannot be taken as the best as it stands (issue 30): charges it lacks ('incompleta: sem THC')
 * and charges whose quantity is unknown. Such a row is never 'Menor custo'.
 */
export function CompletenessBadges({ row }: { row: ComparisonRow }) {
  const missing = row.taxasAusentes ?? [];
  const unknown = row.quantidadesDesconhecidas ?? [];
  const notSummed = row.taxasNaoSomadas ?? [];
  const freight = missingFreightOf(row);
  if (missing.length === 0 && unknown.length === 0 && freight.length === 0 && notSummed.length === 0)
    return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1" data-completeness="">
      {freight.length > 0 && (
        <Badge variant="warning" className="whitespace-normal" title={completeness.freightMissingTitle}>
          {formatMessage(completeness.freightMissing, { itens: missingItemsText(freight) })}
        </Badge>
      )}
      {missing.length > 0 && (
        <Badge variant="warning" className="whitespace-normal" title={completeness.incompleteTitle}>
          {formatMessage(completeness.incomplete, { itens: missing.map(feeDisplayName).join(', ') })}
        </Badge>
      )}
      {notSummed.length > 0 && (
        <Badge variant="warning" className="whitespace-normal" title={completeness.notSummedTitle}>
          {formatMessage(completeness.notSummed, { itens: notSummed.join(', ') })}
        </Badge>
      )}
      {unknown.length > 0 && (
        <Badge
          variant="warning"
          className="whitespace-normal"
          title={formatMessage(completeness.unknownQuantityTitle, { lista: unknown.join('; ') })}
        >
          {completeness.unknownQuantity}: {unknown.join('; ')}
        </Badge>
      )}
    </span>
  );
}

/**
 * A green highlight with an icon and a word: the colour is never the only sign. The cheapest by its estimate
 * (a row that lacks charges, completed at the others' prices) reads 'Menor custo (estimado)'.
 */
export function HighlightTag({ kind, estimated }: { kind: 'cheapest' | 'fastest'; estimated?: boolean }) {
  const Icon = kind === 'cheapest' ? CheckCircleIcon : ClockIcon;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-success-soft px-1.5 py-0.5 text-[11px] font-semibold text-success-soft-fg',
        // 'Menor custo (estimado)' may wrap: on a 1280 px laptop it widened the total column past the screen.
        kind === 'cheapest' && estimated ? 'whitespace-normal' : 'whitespace-nowrap',
      )}
      title={kind === 'cheapest' && estimated ? ui.comparison.estimate.title : undefined}
    >
      <Icon size={12} />
      {kind === 'fastest' ? t.fastest : estimated ? t.cheapestEstimated : t.cheapest}
    </span>
  );
}

/** The row's 'Menor custo' tag, 'Menor custo (estimado)' when the row is the cheapest by its estimate. */
export function CheapestTag({ row }: { row: ComparisonRow }) {
  if (!row.destaque.menorCusto) return null;
  return <HighlightTag kind="cheapest" estimated={row.menorCustoEstimado !== undefined} />;
}

/**
 * How an incomplete row's estimate was made: 'Estimado em R$ 3.303,61, completando com CFS de Maré Alta
 * (R$ 663,00)' — on the cheapest by its estimate, and on every other incomplete row that can be estimated
 * (QA pass 26: only the cheapest said it). Nothing for a complete row.
 */
export function EstimateNote({ row, className }: { row: ComparisonRow; className?: string }) {
  const estimate = row.menorCustoEstimado ?? row.custoEstimado;
  if (!estimate) return null;
  return (
    <span
      className={cn('block text-xs whitespace-normal text-fg-muted tabular-nums', className)}
      title={ui.comparison.estimate.title}
      data-estimate=""
    >
      {estimateNoteText(estimate, (valor) => money(valor, 'BRL'))}
    </span>
  );
}

export function TransitFigure({ row }: { row: ComparisonRow }) {
  // A range as written ('25–30 dias'); the longest figure sorts and wins 'Menor prazo'.
  const days = transitDaysText(row.prazo);
  const display = days === null ? notInformed : formatMessage(ui.decisions.comparison.days, { count: days });
  return (
    <Figure
      figure={valueFigure(row, fields.prazo, row.prazo, display)}
      lowConfidence={row.prazo.baixaConfianca}
    />
  );
}

export function FreeTimeFigure({ row }: { row: ComparisonRow }) {
  const { valor } = row.freeTime;
  const display =
    valor === null
      ? notInformed
      : row.freeTimeCombinado
        ? formatMessage(t.freeTimeCombined, { count: valor })
        : daysText(valor);
  const figure = (
    <Figure
      figure={valueFigure(row, fields.freeTime, row.freeTime, display)}
      lowConfidence={row.freeTime.baixaConfianca}
    />
  );
  return row.freeTimeCombinado && valor !== null ? (
    <span title={t.freeTimeCombinedTitle} data-free-time-combined="">
      {figure}
    </span>
  ) : (
    figure
  );
}

export function ValidityFigure({ row }: { row: ComparisonRow }) {
  const { validade } = row;
  const display = validade.valor === null ? notInformed : dateText(validade.valor);
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Figure
        figure={{
          respostaId: row.respostaId,
          label: fields.validade,
          display,
          valor: validade.valor,
          campo: validade.campo,
          fonte: validade.fonte,
          confianca: null,
          corrigido: validade.corrigido,
          ...(validade.versaoAnterior === undefined ? {} : { versaoAnterior: validade.versaoAnterior }),
        }}
      />
      {validade.expirada && (
        <Badge variant="danger" title={t.expiredTitle}>
          <ClockIcon size={12} />
          {t.expired}
        </Badge>
      )}
    </span>
  );
}

/** The change against the previous version; nothing for a first version. */
export function Variation({ row }: { row: ComparisonRow }) {
  const parts = variationParts(row.variacao);
  if (!row.variacao) return null;
  if (parts.length === 0)
    return (
      <span className="block text-xs text-fg-muted">
        {formatMessage(t.variationSame, { versao: row.variacao.versaoAnterior })}
      </span>
    );
  // An incomplete version (issue 30): a lower total is fees left out, not a saving: shown neutral, said so.
  // An earlier version that lacked a freight this one prices: a higher total is more shipment, not a rise.
  const earlierLacked = row.variacao.anteriorSemFrete ?? [];
  const incomplete = row.variacao.incompleta === true || earlierLacked.length > 0;
  return (
    <ul className="space-y-0.5 text-xs" data-incompleta={incomplete ? '' : undefined}>
      {parts.map((part) => (
        <li
          key={part.text}
          className={cn(
            'font-medium whitespace-nowrap tabular-nums',
            incomplete
              ? 'text-fg-muted line-through'
              : part.direction === 'lower'
                ? 'text-success-soft-fg'
                : 'text-danger-soft-fg',
          )}
        >
          <span aria-hidden="true">{part.text}</span>
          <span className="sr-only">{part.label}</span>
        </li>
      ))}
      {incomplete && (
        <li className="whitespace-normal text-warning-soft-fg">
          {earlierLacked.length > 0
            ? formatMessage(completeness.changeEarlierLacked, {
                versao: row.variacao.versaoAnterior,
                itens: earlierLacked
                  .map((item) => ui.comparison.missing[item as keyof typeof ui.comparison.missing] ?? item)
                  .join(', '),
              })
            : completeness.changeNotComparable}
        </li>
      )}
    </ul>
  );
}

const responseStatusVariant = (status: string): BadgeVariant =>
  status === 'aprovado'
    ? 'success'
    : status === 'reprovado' || status === 'cancelado'
      ? 'danger'
      : status === 'revisao_solicitada'
        ? 'warning'
        : 'primary';

/** The answer's status, or 'Declinou' for a carrier that declined the quote (no proposal). */
export function ResponseStatus({ status, declinou }: { status: string; declinou?: boolean }) {
  if (declinou)
    return (
      <Badge variant="neutral" title={ui.comparison.declinedTitle}>
        {ui.comparison.declined}
      </Badge>
    );
  return (
    <Badge variant={responseStatusVariant(status)}>
      {t.statuses[status] ?? uiReplies.cards.statuses[status] ?? status}
    </Badge>
  );
}

export interface RowActionsProps {
  row: ComparisonRow;
  quoteId: string;
  canRevise: boolean;
  canApprove: boolean;
  onRevise: (row: ComparisonRow) => void;
  /** One under the other (the table's narrow last column). */
  stacked?: boolean;
}

/** 'Revisar' (this carrier) and 'Aprovar' (opens /quotes/:id/approve with this response and destination). */
export function RowActions({ row, quoteId, canRevise, canApprove, onRevise, stacked }: RowActionsProps) {
  if (!canRevise && !canApprove) return null;
  const nome = row.transportador.nome;
  const search = new URLSearchParams({ resposta: row.respostaId });
  if (row.destino) search.set('destino', row.destino);
  return (
    <div className={cn('flex gap-2', stacked ? 'flex-col items-stretch' : 'flex-wrap')}>
      {canRevise && (
        <Button
          variant="secondary"
          size="sm"
          className={stacked ? 'px-2!' : undefined}
          onClick={() => onRevise(row)}
          aria-label={formatMessage(t.reviseOf, { nome })}
        >
          <RefreshIcon size={14} />
          {t.revise}
        </Button>
      )}
      {canApprove && (
        <Link
          to={`${paths.quotes.approve.getHref(quoteId)}?${search.toString()}`}
          aria-label={
            row.destino
              ? formatMessage(t.approveDestinationOf, { nome, destino: row.destino })
              : formatMessage(t.approveOf, { nome })
          }
          className={cn(buttonClasses({ size: 'sm' }), stacked && 'px-2!')}
        >
          <CheckCircleIcon size={14} />
          {t.approve}
        </Link>
      )}
    </div>
  );
}

/** 'versão 2 aguarda confirmação': a later version is held until its sender is confirmed (QA pass 7). */
export function HeldVersionBadge({ row }: { row: ComparisonRow }) {
  if (row.versaoNaoLida !== undefined) {
    // 'versão 2 não lida': the latest version's reading failed, the row shows the last one read (QA pass 25).
    const unread = { versao: row.versaoNaoLida, atual: row.versao };
    return (
      <Badge
        variant="warning"
        className="whitespace-normal"
        title={formatMessage(t.unreadVersionTitle, unread)}
      >
        <AlertTriangleIcon size={12} aria-hidden />
        {formatMessage(t.unreadVersion, unread)}
        <span className="sr-only">: {formatMessage(t.unreadVersionTitle, unread)}</span>
      </Badge>
    );
  }
  if (row.versaoAguardandoConfirmacao === undefined) return null;
  const params = { versao: row.versaoAguardandoConfirmacao, atual: row.versao };
  return (
    <Badge variant="warning" className="whitespace-normal" title={formatMessage(t.heldVersionTitle, params)}>
      <AlertTriangleIcon size={12} aria-hidden />
      {formatMessage(t.heldVersion, params)}
      <span className="sr-only">: {formatMessage(t.heldVersionTitle, params)}</span>
    </Badge>
  );
}
