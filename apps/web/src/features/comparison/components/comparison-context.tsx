import type { Correction } from '@cotacoes/shared/schemas/decisions';
import { createContext, type ReactNode, useContext } from 'react';
import type { FigureRef } from '@/api/figure';

export type { FigureRef } from '@/api/figure';

export interface ComparisonContextValue {
  quoteId: string;
  /**
   * Whether an answer's figures can be corrected: while the quote waits, and after its approval for every
   * answer but the approved one (ADR 0018: the carrier has those in writing; the others stay correctable,
   * e.g. before the comparative goes to management).
   */
  canCorrect: (respostaId: string) => boolean;
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
