import { normaliseLabel } from '../normalise/text.js';
import type { ContainerUnit, Currency, FeeUnit, FreightUnit } from '../types.js';

export const CONTAINER_UNITS: readonly ContainerUnit[] = [
  '20DC',
  '40DC',
  '40HC',
  '45HC',
  '20RF',
  '40RF',
  '20OT',
  '40OT',
  '40FR',
];
export const FREIGHT_UNITS: readonly FreightUnit[] = [...CONTAINER_UNITS, 'KG', 'M3', 'WM', 'VIAGEM', 'BL'];
export const FEE_UNITS: readonly FeeUnit[] = [
  'CNTR',
  'BL',
  'KG',
  'TON',
  'M3',
  'WM',
  'PROCESSO',
  'VIAGEM',
  'PERCENT',
];
export const CURRENCIES: readonly Currency[] = ['USD', 'EUR', 'BRL', 'GBP', 'CNY'];

/**
 * How hint labels are compared: without case, accents, punctuation and what is in parentheses, so
 * 'O/F', 'o/f' and 'O/F (USD)' are one label while 'O/F 20'' is another.
 */
export function hintLabelKey(label: string): string {
  return normaliseLabel(label.replace(/\([^)]*\)/g, ' '));
}
