/*
 * A figure of the comparison that the decisions' inline correction edits: shared by the comparison and
 * decisions features (here, so that neither imports the other's entry both ways: an import cycle).
 */
/** A figure of the table: what it is, which response it belongs to and where it came from. */
export interface FigureRef {
  respostaId: string;
  /** Field name shown to the analyst ('Frete 20DC', 'Transit time (dias)'). */
  label: string;
  /** The value as shown ('US$ 1.850,00'). */
  display: string;
  valor: number | string | null;
  /** The currency of a money figure (freight, fee): correctable on its own from the source dialog. */
  moeda?: string | null;
  campo: string | null;
  fonte: { line: number; text: string; cell?: string; origin: string } | null;
  confianca: number | null;
  corrigido: boolean;
  /** Not stated by this version: carried from this earlier version of the same carrier. */
  versaoAnterior?: number;
}
