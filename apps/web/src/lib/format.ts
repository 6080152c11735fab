const rateFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
});
const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
});

/** Exchange rates: exactly two decimals, pt-BR separators (spec 9). */
export function formatRate(value: number): string {
  return rateFormat.format(value);
}

/** An amount without its currency, as it is typed and shown in forms: '1.450,00', '2.380,50'. */
export function formatAmount(value: number): string {
  return rateFormat.format(value);
}

export function formatDateTime(value: string, invalid: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? invalid : dateTimeFormat.format(date);
}

const clockFormat = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'America/Sao_Paulo',
});

/** A time of day to the second (HH:mm:ss, Brasília), or null for an invalid value. */
export function formatClock(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : clockFormat.format(date);
}

export function formatTime(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : timeFormat.format(date);
}

/** An amount in its currency, pt-BR separators (USD 2.350,00 → "US$ 2.350,00"). */
export function formatMoney(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat('pt-BR', { style: 'currency', currency }).format(value);
  } catch {
    return `${currency} ${rateFormat.format(value)}`;
  }
}

/** An ISO date (YYYY-MM-DD) as dd/MM/yyyy, without shifting it through a time zone. */
export function formatIsoDate(value: string, invalid: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : invalid;
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'America/Sao_Paulo',
});

/** A timestamp as dd/MM/yyyy in Brasília time. */
export function formatDate(value: string, invalid: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? invalid : dateFormat.format(date);
}

/** A file size: '812 B', '4,0 KB', '1,5 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace('.', ',')} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

const relativeFormat = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' });
const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** 'há 5 minutos', 'agora', 'ontem' (pt-BR); null for an unreadable date. */
export function formatRelative(value: string, now: number = Date.now()): string | null {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return null;
  let amount = (time - now) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat.format(Math.round(amount), unit);
    amount /= size;
  }
  return null;
}
