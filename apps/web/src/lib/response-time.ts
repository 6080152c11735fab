import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';

/*
 * A response time as Indicadores and the lane page show it (a carrier's mean answer time).
 */

const t = ui.indicators.time;
const oneDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Spec 000 §9: under 1 hour in minutes; under 24 hours in hours with one decimal; otherwise days plus
 * hours. Null (no answer): 'Não informado'.
 */
export function formatResponseTime(hours: number | null): string {
  if (hours === null || !Number.isFinite(hours)) return ui.common.notInformed;
  const minutes = Math.round(hours * 60);
  // Under a minute (QA pass 38: answers in 21 s and 39 s read "0 min" and "1 min").
  if (hours * 60 < 1) return t.underMinute;
  if (minutes < 60) return formatMessage(t.minutes, { min: minutes });
  // Rounded first: 23.96 h would read "24,0 h", past the hours' range, so it is a day.
  const tenths = Math.round(hours * 10) / 10;
  if (tenths < 24) return formatMessage(t.hours, { h: oneDecimal.format(tenths) });
  let days = Math.floor(hours / 24);
  let rest = Math.round(hours - days * 24);
  if (rest === 24) {
    days += 1;
    rest = 0;
  }
  return formatMessage(t.daysHours, { d: days, h: rest });
}
