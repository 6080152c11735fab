/**
 * CNPJ rules: the numeric CNPJ and the alphanumeric one of Receita Federal (July 2026): 12 characters
 * [0-9A-Z] followed by 2 numeric check digits; value(c) = ASCII(c) - 48, weights 5..2,9..2 and 6..2,9..2.
 */
export const CNPJ_LENGTH = 14;

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Upper-cases and keeps only [0-9A-Z] (masks, spaces and punctuation dropped), cut to 14 characters. */
export function normalizeCnpj(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, CNPJ_LENGTH);
}

function checkDigit(base: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (base.charCodeAt(i) - 48) * weights[i]!;
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

export type CnpjProblem = 'CNPJ_LENGTH' | 'CNPJ_CHECK_DIGITS';

/** The first rule a (normalised) CNPJ breaks, or undefined when it is valid. */
export function cnpjProblem(input: string): CnpjProblem | undefined {
  const raw = input.toUpperCase().replace(/[\s./-]/g, '');
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(raw)) return 'CNPJ_LENGTH';
  if (/^(.)\1{13}$/.test(raw)) return 'CNPJ_CHECK_DIGITS';
  const first = checkDigit(raw.slice(0, 12), FIRST_WEIGHTS);
  const second = checkDigit(raw.slice(0, 12) + first, SECOND_WEIGHTS);
  return raw.endsWith(`${first}${second}`) ? undefined : 'CNPJ_CHECK_DIGITS';
}

export function isValidCnpj(input: string): boolean {
  return cnpjProblem(input) === undefined;
}

/** XX.XXX.XXX/XXXX-DD for a complete CNPJ; a partial one is masked as far as it goes. */
export function formatCnpj(input: string): string {
  const value = normalizeCnpj(input);
  const parts = [
    value.slice(0, 2),
    value.slice(2, 5),
    value.slice(5, 8),
    value.slice(8, 12),
    value.slice(12, 14),
  ];
  let masked = parts[0]!;
  if (parts[1]) masked += `.${parts[1]}`;
  if (parts[2]) masked += `.${parts[2]}`;
  if (parts[3]) masked += `/${parts[3]}`;
  if (parts[4]) masked += `-${parts[4]}`;
  return masked;
}
