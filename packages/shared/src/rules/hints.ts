import { formatMessage } from '../messages/errors.js';
import { uiHints } from '../messages/ui-hints.js';
import { FREIGHT_UNIT_CODES } from '../schemas/decisions.js';

/*
 * Learning from corrections (ADR 0101): a hint says how one carrier prints something, learnt from an
 * analyst's correction and applied by the extraction engine to that carrier's next replies.
 */

export const HINT_TYPES = ['unidade', 'moeda', 'ignorar'] as const;
export const HINT_TARGETS = ['frete', 'taxa'] as const;

export type HintFields = {
  tipo: (typeof HINT_TYPES)[number];
  alvo: (typeof HINT_TARGETS)[number];
  rotulo: string;
  valor: string | null;
};

const CONTAINER_CODES: readonly string[] = FREIGHT_UNIT_CODES.slice(0, 9);

/** A unit or basis in words ('por BL', 'por kg'); a container type as its code. */
export function unitWords(unidade: string): string {
  return uiHints.units[unidade] ?? unidade;
}

/** The hint in plain pt-BR: '"O/F" é o preço por contêiner 40HC', '"Taxas locais" é cobrada por BL' … */
export function describeHint(hint: HintFields): string {
  const t = uiHints.describe;
  const rotulo = hint.rotulo;
  if (hint.tipo === 'ignorar')
    return formatMessage(hint.alvo === 'frete' ? t.ignoreFreight : t.ignoreFee, { rotulo });
  if (hint.tipo === 'moeda') return formatMessage(t.currency, { rotulo, moeda: hint.valor ?? '' });
  const unidade = hint.valor ?? '';
  if (hint.alvo === 'taxa') return formatMessage(t.feeBasis, { rotulo, unidade: unitWords(unidade) });
  return CONTAINER_CODES.includes(unidade)
    ? formatMessage(t.freightContainer, { rotulo, unidade })
    : formatMessage(t.freightUnit, { rotulo, unidade: unitWords(unidade) });
}
