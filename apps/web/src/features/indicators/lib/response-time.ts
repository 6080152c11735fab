import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { responseTimeLevel } from '@cotacoes/shared/schemas/dashboard';

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

/** Spec 000 §9 colours: up to 24 h green, up to 72 h yellow, above red (both themes, AA text). */
export const LEVEL_CLASSES = {
  fast: 'bg-green-100 text-green-900 ring-green-600/30 dark:bg-green-400/15 dark:text-green-200',
  medium: 'bg-yellow-100 text-yellow-900 ring-yellow-600/30 dark:bg-yellow-400/15 dark:text-yellow-200',
  slow: 'bg-red-100 text-red-900 ring-red-600/30 dark:bg-red-400/15 dark:text-red-200',
  none: 'bg-slate-100 text-slate-700 ring-slate-500/30 dark:bg-slate-400/15 dark:text-slate-300',
} as const;

/** Fill of a chart bar by level (SVG). */
export const LEVEL_FILLS = {
  fast: 'fill-green-500',
  medium: 'fill-yellow-500',
  slow: 'fill-red-500',
  none: 'fill-slate-300 dark:fill-slate-600',
} as const;

export { responseTimeLevel };

/** The spec cuts the e-mail to 20 characters in the table. */
export const EMAIL_CUT = 20;
export function cutEmail(email: string): string {
  return email.length > EMAIL_CUT ? `${email.slice(0, EMAIL_CUT)}…` : email;
}
