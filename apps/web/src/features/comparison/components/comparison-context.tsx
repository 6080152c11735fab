import type { Correction } from '@cotacoes/shared/schemas/decisions';
import { createContext, type ReactNode, useContext } from 'react';
import type { FigureRef } from '@/api/figure';

export type { FigureRef } from '@/api/figure';

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
