import type { Correction } from '@cotacoes/shared/schemas/decisions';
import { createContext, type ReactNode, useContext } from 'react';

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
}

export interface ComparisonContextValue {
  quoteId: string;
  /** Corrections are possible while the quote is not final. */
  canCorrect: boolean;
  /** `${respostaId}|${campo}` of the value being corrected, if any. */
  editing: string | null;
  startEditing: (figure: FigureRef) => void;
  stopEditing: () => void;
  openSource: (figure: FigureRef) => void;
  correctionOf: (respostaId: string, campo: string | null) => Correction | undefined;
}

const ComparisonContext = createContext<ComparisonContextValue | null>(null);

export function ComparisonProvider({
  value,
  children,
}: {
  value: ComparisonContextValue;
  children: ReactNode;
}) {
  return <ComparisonContext value={value}>{children}</ComparisonContext>;
}

export function useComparisonContext(): ComparisonContextValue {
  const value = useContext(ComparisonContext);
  if (!value) throw new Error('useComparisonContext outside ComparisonProvider');
  return value;
}

export const editingKey = (respostaId: string, campo: string | null) => `${respostaId}|${campo ?? ''}`;
