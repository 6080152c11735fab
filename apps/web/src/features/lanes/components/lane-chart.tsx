import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { LaneDetail } from '@cotacoes/shared/schemas/lanes';
import { formatIsoDate, formatMoney } from '@/lib/format';

const t = ui.lanes.detail;
const WIDTH = 720;
const HEIGHT = 260;
/** Left: room for 'US$ 12.345,67' right-aligned against the plot. */
const PAD = { left: 96, right: 12, top: 12, bottom: 28 };
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
  const ys = points.map((point) => point.freteUsd);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const [y0, y1] = [Math.min(...ys) * 0.95, Math.max(...ys) * 1.05];
  const x = (value: number) =>
    PAD.left + (x1 === x0 ? 0.5 : (value - x0) / (x1 - x0)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) =>
    HEIGHT - PAD.bottom - (y1 === y0 ? 0.5 : (value - y0) / (y1 - y0)) * (HEIGHT - PAD.top - PAD.bottom);
  const median = detail.meses
    .map((row) => `${x(Math.min(x1, Math.max(x0, month(row.mes)))).toFixed(1)},${y(row.mediana).toFixed(1)}`)
    .join(' ');
  const ticks = [y0, (y0 + y1) / 2, y1];
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
                {formatMoney(tick, 'USD')}
              </text>
            </g>
          ))}
          {detail.meses.length > 1 && (
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
      </figcaption>
    </figure>
  );
}
