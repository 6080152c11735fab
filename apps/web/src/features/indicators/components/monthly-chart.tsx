import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { ResponseTimeMonth } from '@cotacoes/shared/schemas/dashboard';
import { cn } from '@/lib/cn';
import { formatResponseTime, LEVEL_FILLS, responseTimeLevel } from '../lib/response-time';

const t = ui.indicators;
const WIDTH = 96;
const HEIGHT = 32;
const GAP = 2;

function monthLabel(mes: string): string {
  const [year, month] = mes.split('-');
  return `${t.months[Number(month) - 1]}/${year?.slice(2)}`;
}

/**
 * Beyond the spec: a carrier's monthly average response time over the period, as small SVG bars coloured
 * like the table (no chart library). Months without answers are a thin grey mark. Read out as a list.
 */
export function MonthlyChart({ nome, months }: { nome: string; months: readonly ResponseTimeMonth[] }) {
  const values = months.map((month) => month.tempoMedioRespostaHoras);
  const max = Math.max(1, ...values.map((value) => value ?? 0));
  const bar = Math.max(1, (WIDTH - GAP * (months.length - 1)) / Math.max(1, months.length));
  const summary = formatMessage(t.chartSummary, {
    valores: months
      .map((month) =>
        formatMessage(t.chartMonth, {
          mes: monthLabel(month.mes),
          valor:
            month.tempoMedioRespostaHoras === null
              ? t.chartNone
              : formatResponseTime(month.tempoMedioRespostaHoras),
        }),
      )
      .join('; '),
  });
  return (
    <svg
      role="img"
      aria-label={`${formatMessage(t.chartTitle, { nome })}. ${summary}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      className="block overflow-visible"
    >
      {months.map((month, index) => {
        const value = month.tempoMedioRespostaHoras;
        const height = value === null ? 2 : Math.max(3, (value / max) * (HEIGHT - 2));
        return (
          <rect
            key={month.mes}
            x={index * (bar + GAP)}
            y={HEIGHT - height}
            width={bar}
            height={height}
            rx={1}
            className={cn(LEVEL_FILLS[responseTimeLevel(value)])}
          >
            <title>
              {`${monthLabel(month.mes)}: ${value === null ? t.chartNone : formatResponseTime(value)}`}
            </title>
          </rect>
        );
      })}
    </svg>
  );
}
