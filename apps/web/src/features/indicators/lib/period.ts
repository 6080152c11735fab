/** The slider's period: a year and its first and last month (0–11), start never after end. */
export interface MonthRange {
  year: number;
  start: number;
  end: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The current year in Brasília: the spec's default range is 1 January to 31 December of it. */
const brasiliaYear = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' });

export function currentYear(now = new Date()): number {
  return Number(brasiliaYear.format(now));
}

export function defaultRange(now = new Date()): MonthRange {
  return { year: currentYear(now), start: 0, end: 11 };
}

/** The first day of the start month and the last day of the end month (YYYY-MM-DD). */
export function rangeDates(range: MonthRange): { dataInicio: string; dataFim: string } {
  const lastDay = new Date(Date.UTC(range.year, range.end + 1, 0)).getUTCDate();
  return {
    dataInicio: `${range.year}-${pad(range.start + 1)}-01`,
    dataFim: `${range.year}-${pad(range.end + 1)}-${pad(lastDay)}`,
  };
}

/** Days from the first to the last day, both counted. */
export function rangeDays(range: MonthRange): number {
  const { dataInicio, dataFim } = rangeDates(range);
  return (
    Math.round((Date.parse(`${dataFim}T00:00:00Z`) - Date.parse(`${dataInicio}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** Moves one handle; it stops at the other (spec 000: start may not pass end, end may not precede start). */
export function moveHandle(range: MonthRange, handle: 'start' | 'end', month: number): MonthRange {
  const value = Math.min(11, Math.max(0, Math.round(month)));
  if (handle === 'start') return { ...range, start: Math.min(value, range.end) };
  return { ...range, end: Math.max(value, range.start) };
}
