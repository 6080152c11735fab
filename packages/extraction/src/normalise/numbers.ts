export type NumberStyle = 'BR' | 'US' | 'PLAIN';

export interface ParsedNumber {
  value: number;
  /** BR = comma decimal / dot thousands, US = the reverse, PLAIN = no separator that tells. */
  style: NumberStyle;
}

/**
 * Parses a number written in Brazilian or US style ("1.850,00", "1,850.00", "3.100", "2,250", "6,40",
 * "3.15", "1.240,-"). A single separator followed by exactly three digits is a thousands separator
 * unless the integer part is 0, because freight amounts are almost never quoted to three decimals.
 */
export function parseLocaleNumber(raw: string): ParsedNumber | null {
  const text = raw.replace(/\s/g, '').replace(/[,.]-$/, '');
  if (!/^\d[\d.,]*$/.test(text) || /[.,]{2}/.test(text) || /[.,]$/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalIsComma = lastComma > lastDot;
    const thousands = decimalIsComma ? '.' : ',';
    const decimal = decimalIsComma ? ',' : '.';
    const [intPart = '', fraction = ''] = text.split(decimal);
    if (text.split(decimal).length !== 2 || fraction.includes(thousands)) return null;
    if (!isGroupedThousands(intPart, thousands)) return null;
    return {
      value: Number(`${intPart.split(thousands).join('')}.${fraction}`),
      style: decimalIsComma ? 'BR' : 'US',
    };
  }
  const separator = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (separator === null) return { value: Number(text), style: 'PLAIN' };
  const parts = text.split(separator);
  if (parts.length > 2) {
    if (!isGroupedThousands(text, separator)) return null;
    return { value: Number(parts.join('')), style: separator === '.' ? 'BR' : 'US' };
  }
  const [intPart = '', fraction = ''] = parts;
  const looksLikeThousands = fraction.length === 3 && intPart !== '0' && intPart.length <= 3;
  if (looksLikeThousands) {
    return { value: Number(intPart + fraction), style: separator === '.' ? 'BR' : 'US' };
  }
  return { value: Number(`${intPart}.${fraction}`), style: separator === ',' ? 'BR' : 'US' };
}

function isGroupedThousands(intPart: string, separator: string): boolean {
  const groups = intPart.split(separator);
  if (groups.length === 1) return /^\d+$/.test(intPart);
  return /^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

/** Cell values from spreadsheets are plain JS numbers: render them so parseLocaleNumber reads them back. */
export function renderCellNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const text = String(Number(value.toFixed(6)));
  const decimals = text.split('.')[1] ?? '';
  return decimals.length === 3 ? `${text}0` : text;
}
