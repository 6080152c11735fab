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

/** The charges a row lacks, as the badge, the files, the e-mails and the approval say them: 'THC, Desconsolidação'. */
export function missingFeesText(row: { taxasAusentes?: readonly string[] }): string {
  return (row.taxasAusentes ?? []).map(feeDisplayName).join(', ');
}
