import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfidenceBadge } from '@/components/ui/confidence-badge';
import { fieldClasses } from '@/components/ui/input';
import { PageHeader, PageTitle } from '@/components/ui/page';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatIsoDate, formatMoney } from '@/lib/format';
import { type ExtractedFinal, type SourceRef, useRunExtraction } from '../api/run-extraction';

const t = ui.extract;

function transitText(final: ExtractedFinal): string | null {
  const { transit_time_min_dias: min, transit_time_max_dias: max, transit_time_dias: days } = final;
  if (min !== null && max !== null && min !== max) return formatMessage(t.daysRange, { min, max });
  return days === null ? null : formatMessage(t.days, { count: days });
}

function money(value: number | null, currency: string | null): string | null {
  return value === null ? null : formatMoney(value, currency ?? 'USD');
}

function summaryRows(final: ExtractedFinal): [string, string | null][] {
  const f = t.fields;
  return [
    [f.transportador, final.transportador],
    [f.armador, final.armador],
    [f.modal, final.modal],
    [f.moeda, final.moeda],
    [f.incoterm, final.incoterm],
    [f.origem, final.portoOrigem ?? final.origem],
    [f.destinos, final.destinos.map((destino) => destino.nome).join(' / ') || null],
    [f.portoTransbordo, final.portoTransbordo],
    [f.transitTime, transitText(final)],
    [
      f.freeTime,
      final.free_time_destino_dias === null
        ? null
        : formatMessage(t.days, { count: final.free_time_destino_dias }),
    ],
    [
      f.validade,
      final.validadeProposta ? formatIsoDate(final.validadeProposta, final.validadeProposta) : null,
    ],
    [f.container20, money(final.preco_por_container_20, final.moeda)],
    [f.container40, money(final.preco_por_container_40, final.moeda)],
    [f.porKg, money(final.preco_por_kg, final.moeda)],
    [f.porM3, money(final.preco_por_m3, final.moeda)],
    [f.minimo, money(final.preco_minimo, final.moeda)],
    [f.pagamento, final.condicoesPagamento],
  ];
}

function Source({ source }: { source: SourceRef }) {
  return (
    <span title={source.text} className="text-fg-muted">
      {formatMessage(t.lineRef, { line: source.line })}
      {source.cell ? ` · ${source.cell}` : ''}
    </span>
  );
}

function RawOutput({ title, value }: { title: string; value: unknown }) {
  return (
    <details className="rounded-lg border border-border bg-surface">
      <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-fg focus-visible:outline-2">
        {title}
      </summary>
      <pre className="max-h-96 overflow-auto border-t border-border px-4 py-3 text-xs text-fg">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}

/** The extraction test tool (spec 001, /dev/extract): paste a reply, run, read the summary and raw output. */
export function ExtractPage() {
  const textId = useId();
  const [text, setText] = useState('');
  const extraction = useRunExtraction();
  const result = extraction.data?.data;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) extraction.mutate(text);
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageTitle title={t.title} />
      <PageHeader title={t.heading} description={t.intro} />
      <form onSubmit={submit} className="space-y-3">
        <label htmlFor={textId} className="block text-sm font-medium text-fg">
          {t.textLabel}
        </label>
        <textarea
          id={textId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t.textPlaceholder}
          rows={12}
          spellCheck={false}
          className={cn(fieldClasses, 'py-2 font-mono')}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            loading={extraction.isPending}
            loadingText={t.running}
            disabled={!text.trim()}
          >
            {t.run}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setText('');
              extraction.reset();
            }}
            disabled={extraction.isPending || (!text && !result)}
          >
            {t.clear}
          </Button>
        </div>
      </form>

      {extraction.isError && (
        <Alert variant="error" className="mt-6">
          {errorText(extraction.error, t.errorFallback)}
        </Alert>
      )}

      {result && (
        <section className="mt-8 space-y-6" aria-label={t.summaryTitle}>
          <Card className="p-5">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-lg font-semibold text-fg">{t.summaryTitle}</h2>
              <span className="flex items-center gap-2 text-sm text-fg-muted">
                {t.confidence} <ConfidenceBadge value={result.final.confidence_overall} />
              </span>
            </div>
            {result.final.reason && (
              <Alert variant="warning" title={t.lowConfidenceReason} className="mb-4">
                {result.final.reason}
              </Alert>
            )}
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
              {summaryRows(result.final).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs font-medium uppercase tracking-wide text-fg-muted">{label}</dt>
                  <dd className={cn('text-sm', value ? 'text-fg' : 'text-fg-muted')}>
                    {value ?? t.notInformed}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>

          <Card className="p-5">
            <h2 className="mb-3 text-lg font-semibold text-fg">{t.freightTitle}</h2>
            <Table>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>{t.columns.destination}</TableHeaderCell>
                  <TableHeaderCell>{t.columns.unit}</TableHeaderCell>
                  <TableHeaderCell className="text-right">{t.columns.value}</TableHeaderCell>
                  <TableHeaderCell>{t.columns.confidence}</TableHeaderCell>
                  <TableHeaderCell>{t.columns.source}</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.final.fretes.length === 0 && <TableEmpty colSpan={5}>{t.noFreight}</TableEmpty>}
                {result.final.fretes.map((freight) => (
                  <TableRow
                    key={`${freight.source.line}-${freight.unidade}-${freight.destino}-${freight.valor}`}
                  >
                    <TableCell>{freight.destino ?? '—'}</TableCell>
                    <TableCell>{freight.unidade}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {money(freight.valor, freight.moeda) ?? '—'}
                    </TableCell>
                    <TableCell>
                      <ConfidenceBadge value={freight.confidence} />
                    </TableCell>
                    <TableCell>
                      <Source source={freight.source} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>

          <Card className="p-5">
            <h2 className="mb-3 text-lg font-semibold text-fg">{t.feesTitle}</h2>
            <Table>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>{t.columns.name}</TableHeaderCell>
                  <TableHeaderCell>{t.columns.label}</TableHeaderCell>
                  <TableHeaderCell>{t.columns.destination}</TableHeaderCell>
                  <TableHeaderCell>{t.columns.unit}</TableHeaderCell>
                  <TableHeaderCell className="text-right">{t.columns.value}</TableHeaderCell>
                  <TableHeaderCell>{t.columns.source}</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.final.taxas.itens.length === 0 && <TableEmpty colSpan={6}>{t.noFees}</TableEmpty>}
                {result.final.taxas.itens.map((fee) => (
                  <TableRow key={`${fee.source.line}-${fee.nome}-${fee.destino}-${fee.valor}`}>
                    <TableCell className="font-medium">{fee.nome}</TableCell>
                    <TableCell>{fee.rotulo}</TableCell>
                    <TableCell>{fee.destino ?? '—'}</TableCell>
                    <TableCell>{fee.unidade}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {money(fee.valor, fee.moeda) ?? '—'}
                    </TableCell>
                    <TableCell>
                      <Source source={fee.source} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>

          <RawOutput title={t.rawDetect} value={result.detect} />
          <RawOutput title={t.rawBlocks} value={result.blocks} />
        </section>
      )}
    </div>
  );
}
