import { formatMessage } from '../messages/errors.js';
import { uiDecisions } from '../messages/ui-decisions.js';

const t = uiDecisions.source;

/**
 * Where a figure was read, in words: 'Corpo do e-mail', 'Anexo cotacao.xlsx', 'Versão 1 desta
 * transportadora' (a value a revision did not state, ADR 0024 addendum), from the extraction's `origin`.
 * The source dialog and the comparative Excel's detail sheet say it the same way.
 */
export function originLabel(origin: string): string {
  if (origin.startsWith('attachment:'))
    return formatMessage(t.attachment, { nome: origin.slice('attachment:'.length) });
  if (/^versao:\d+$/.test(origin))
    return formatMessage(t.earlierVersion, { versao: origin.slice('versao:'.length) });
  return t.origins[origin] ?? origin;
}
