import { responseTimeLevel } from '@cotacoes/shared/schemas/dashboard';

/** The shared formatter (Indicadores and Rotas show response times alike). */
export { formatResponseTime } from '@/lib/response-time';

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
