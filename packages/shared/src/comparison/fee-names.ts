import { uiComparison } from '../messages/ui-comparison.js';

const names: Readonly<Record<string, string>> = uiComparison.feeNames;

/**
 * A fee's name as an analyst reads it: the engine's canonical names are written without accents
 * ('DESCONSOLIDACAO'), shown as 'Desconsolidação'; codes (THC, BL FEE, ISPS) and the carrier's own
 * labels are shown as written.
 */
export function feeDisplayName(nome: string): string {
  return names[nome] ?? nome;
}
