import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { LaneDetail } from '@cotacoes/shared/schemas/lanes';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { formatIsoDate, formatMoney } from '@/lib/format';

const t = ui.lanes.detail;
const WIDTH = 720;
const HEIGHT = 260;
/** Left: room for 'US$ 12.345' right-aligned against the plot; bottom and right: the date labels. */
const PAD = { left: 96, right: 28, top: 12, bottom: 30 };
const DAY_MS = 86_400_000;
/** Mid-tone colours that read on the light and the dark surface. */
export const CARRIER_COLOURS = [
  '#2563eb',
  '#d97706',
  '#059669',
  '#db2777',
  '#7c3aed',
  '#0891b2',
  '#65a30d',
  '#dc2626',
];

const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
const month = (iso: string) => Date.parse(`${iso}-15T12:00:00Z`);

/**
 * Round values for the y axis: about `count` steps of 1, 2, 2.5 or 5 × 10ⁿ covering [min, max]
 * (US$ 2.500, 3.000, 3.500 rather than US$ 2.962,50). A single value gets a step around it.
 */
export function niceTicks(min: number, max: number, count = 4): number[] {
  let [low, high] = [min, max];
  if (!(high > low)) {
    const pad = Math.abs(low) * 0.05 || 1;
    [low, high] = [low - pad, high + pad];
  }
  const raw = (high - low) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((value) => value >= raw - 1e-12)!;
  const first = Math.floor(low / step + 1e-9) * step;
  const ticks: number[] = [];
  for (let value = first; value < high + step - 1e-9; value += step) ticks.push(Number(value.toFixed(10)));
  if (ticks.length < 2) ticks.push(Number((first + step).toFixed(10)));
  return ticks;
}

/** Decimals a tick step needs (500 → 0, 0.25 → 2), at most 2. */
function stepDecimals(ticks: number[]): number {
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1;
  for (let places = 0; places < 2; places++)
    if (Math.abs(Math.round(step * 10 ** places) - step * 10 ** places) < 1e-9) return places;
  return 2;
}

/**
 * Date labels of the x axis between two days (ms at noon UTC): the first of each month (every few months
 * on a long period) as 'nov/26', or on a period within two months a few days as '12/11'.
 */
export function dateTicks(x0: number, x1: number): { value: number; label: string }[] {
  const dayLabel = (value: number) => {
    const iso = new Date(value).toISOString().slice(0, 10);
    return `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
  };
  if (x1 - x0 < DAY_MS) return [{ value: x0, label: dayLabel(x0) }];
  if (x1 - x0 > 62 * DAY_MS) {
    const months: number[] = [];
    const start = new Date(x0);
    let cursor = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1, 12);
    while (cursor <= x1) {
      months.push(cursor);
      const next = new Date(cursor);
      cursor = Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1, 12);
    }
    const every = Math.ceil(months.length / 7);
    return months
      .filter((_, index) => index % every === 0)
      .map((value) => {
        const date = new Date(value);
        return {
          value,
          label: `${t.monthsShort[date.getUTCMonth()]}/${String(date.getUTCFullYear()).slice(2)}`,
        };
      });
  }
  const days = Math.round((x1 - x0) / DAY_MS);
  const parts = Math.min(4, days);
  const values = [
    ...new Set(Array.from({ length: parts + 1 }, (_, i) => x0 + Math.round((days * i) / parts) * DAY_MS)),
  ];
  return values.map((value) => ({ value, label: dayLabel(value) }));
}

/**
 * Freight per unit over time, one colour per carrier, approved proposals drawn with a ring, and the
 * monthly median as a line (no chart library, as the indicators). The same figures are in the tables
 * below it; the image's label summarises them.
 */
export function LaneChart({ detail }: { detail: LaneDetail }) {
  const points = detail.series.flatMap((carrier) => carrier.pontos);
  if (points.length === 0) return null;
  const proposals = points.reduce((sum, point) => sum + point.quantidade, 0);
  const weekly = detail.agrupamento === 'semana';
  const xs = points.map((point) => day(point.data));
  const ys = [...points.map((point) => point.freteUsd), ...detail.meses.map((row) => row.mediana)];
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const ticks = niceTicks(Math.min(...ys), Math.max(...ys));
  const [y0, y1] = [ticks[0]!, ticks[ticks.length - 1]!];
  const decimals = stepDecimals(ticks);
  const tickMoney = new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  const x = (value: number) =>
    PAD.left + (x1 === x0 ? 0.5 : (value - x0) / (x1 - x0)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) =>
    HEIGHT - PAD.bottom - (y1 === y0 ? 0.5 : (value - y0) / (y1 - y0)) * (HEIGHT - PAD.top - PAD.bottom);
  const median = detail.meses
    .map((row) => `${x(Math.min(x1, Math.max(x0, month(row.mes)))).toFixed(1)},${y(row.mediana).toFixed(1)}`)
    .join(' ');
  const medianDrawn = detail.meses.length > 1;
  return (
    <figure className="space-y-2">
      {/* On a phone the chart keeps a readable size and scrolls sideways (by keyboard too). */}
      <div
        className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring"
        {...{ role: 'region', 'aria-label': t.chartScroll, tabIndex: 0 }}
      >
        <svg
          role="img"
          aria-label={`${t.chartTitle}. ${formatMessage(t.chartSummary, { n: proposals, carriers: detail.series.length })}${weekly ? ` ${t.weeklyNoteShort}` : ''}`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full min-w-[36rem] text-fg-muted"
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="currentColor"
                strokeOpacity={0.2}
              />
              <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="currentColor">
                {tickMoney.format(tick)}
              </text>
            </g>
          ))}
          {dateTicks(x0, x1).map((tick) => (
            <g key={tick.value} data-date-tick="">
              <line
                x1={x(tick.value)}
                x2={x(tick.value)}
                y1={HEIGHT - PAD.bottom}
                y2={HEIGHT - PAD.bottom + 4}
                stroke="currentColor"
                strokeOpacity={0.5}
              />
              <text
                x={x(tick.value)}
                y={HEIGHT - PAD.bottom + 17}
                textAnchor="middle"
                fontSize={11}
                fill="currentColor"
              >
                {tick.label}
              </text>
            </g>
          ))}
          {medianDrawn && (
            <polyline
              points={median}
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeDasharray="6 4"
            />
          )}
          {detail.series.map((carrier, index) =>
            carrier.pontos.map((point, pointIndex) => (
              <circle
                // biome-ignore lint/suspicious/noArrayIndexKey: a carrier's points never reorder; a week has no quote id
                key={`${carrier.transportadorId}-${pointIndex}`}
                cx={x(day(point.data))}
                cy={y(point.freteUsd)}
                r={point.aprovado ? 6 : 4}
                fill={CARRIER_COLOURS[index % CARRIER_COLOURS.length]}
                stroke={point.aprovado ? 'currentColor' : 'none'}
                strokeWidth={point.aprovado ? 2.5 : 0}
                data-aprovado={point.aprovado ? '' : undefined}
              >
                <title>
                  {weekly
                    ? formatMessage(t.weekPoint, {
                        carrier: carrier.transportador,
                        data: formatIsoDate(point.data, point.data),
                        valor: formatMoney(point.freteUsd, 'USD'),
                        n: point.quantidade,
                      })
                    : `${carrier.transportador} · ${formatIsoDate(point.data, point.data)} · ${formatMoney(point.freteUsd, 'USD')}`}
                </title>
              </circle>
            )),
          )}
        </svg>
      </div>
      {weekly && <p className="text-xs text-fg-muted">{t.weeklyNote}</p>}
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
        {detail.series.map((carrier, index) => (
          <span key={carrier.transportadorId} className="inline-flex items-center gap-1">
            <span
              aria-hidden="true"
              className="inline-block size-2.5 rounded-full"
              style={{ background: CARRIER_COLOURS[index % CARRIER_COLOURS.length] }}
            />
            {carrier.transportador}
          </span>
        ))}
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-full border-2 border-current" />
          {t.approvedLegend}
        </span>
        {medianDrawn && (
          <span className="inline-flex items-center gap-1" data-legend="mediana">
            <svg aria-hidden="true" width={22} height={6} className="text-fg-muted">
              <line
                x1={0}
                x2={22}
                y1={3}
                y2={3}
                stroke="currentColor"
                strokeWidth={2}
                strokeDasharray="6 4"
              />
            </svg>
            {t.medianLegend}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

/**
 * The chart's points as a table (what a keyboard or a screen reader cannot get from the dots): date,
 * quote, carrier, freight and total per unit, approved; behind a button, so that the page stays short.
 * For a busy lane, its weekly points with the proposals each stands for.
 */
export function LaneProposals({ detail }: { detail: LaneDetail }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const weekly = detail.agrupamento === 'semana';
  const rows = detail.series
    .flatMap((carrier) => carrier.pontos.map((point) => ({ ...point, transportador: carrier.transportador })))
    .sort((a, b) =>
      a.data === b.data ? a.transportador.localeCompare(b.transportador) : a.data < b.data ? 1 : -1,
    );
  const title = weekly ? t.proposalsWeeklyTitle : t.proposalsTitle;
  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t.hideProposals : t.showProposals}
      </Button>
      {open && (
        <div id={panelId}>
          <Table caption={title} scrollLabel={title}>
            <TableHead>
              <tr>
                <TableHeaderCell>{weekly ? t.proposalWeek : t.proposalDate}</TableHeaderCell>
                {!weekly && <TableHeaderCell>{t.proposalQuote}</TableHeaderCell>}
                <TableHeaderCell>{t.proposalCarrier}</TableHeaderCell>
                <TableHeaderCell className="text-right">{t.proposalFreight}</TableHeaderCell>
                <TableHeaderCell className="text-right">{t.proposalTotal}</TableHeaderCell>
                {weekly && <TableHeaderCell className="text-right">{t.proposalCount}</TableHeaderCell>}
                <TableHeaderCell>{t.proposalApproved}</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list; a week has no quote id
                <TableRow key={index}>
                  <TableCell className="whitespace-nowrap">{formatIsoDate(row.data, row.data)}</TableCell>
                  {!weekly && <TableCell>{row.cotacaoCodigo ?? t.noQuoteCode}</TableCell>}
                  <TableCell>{row.transportador}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatMoney(row.freteUsd, 'USD')}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatMoney(row.totalBrl, 'BRL')}
                  </TableCell>
                  {weekly && <TableCell className="text-right tabular-nums">{row.quantidade}</TableCell>}
                  <TableCell>{row.aprovado ? ui.lanes.yes : ui.lanes.no}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
