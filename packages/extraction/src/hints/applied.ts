import type { FinalData } from '../types.js';

/** The hints that changed or left out something in an extraction, each once (for their use counts). */
export function appliedHintIds(final: Pick<FinalData, 'fretes' | 'taxas' | 'ignoradosPorDica'>): string[] {
  const ids = new Set<string>();
  for (const item of [...final.fretes, ...final.taxas.itens])
    for (const effect of item.dicas ?? []) ids.add(effect.id);
  for (const ignored of final.ignoradosPorDica ?? []) ids.add(ignored.id);
  return [...ids];
}
