import { MISSING_ITEMS, type MissingItem, revisionMessageFor } from '@cotacoes/shared/comparison/index';
import { decisionEmailMessages } from '@cotacoes/shared/messages/decision-email';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';

const known = new Set<string>(MISSING_ITEMS);

/**
 * The revision message the modal starts with. For one carrier: the shared rule's text asking for what its
 * answer lacks compared with what was asked (`faltando` of its rows), or for a better price when nothing
 * is missing. For 'Revisar Todos': one text for everyone (it must not describe another carrier's answer).
 */
export function revisionMessage(
  scope: { todos: true } | { todos: false; faltando: readonly string[] },
  language: 'pt' | 'en' = 'pt',
): string {
  const faltando = scope.todos ? [] : scope.faltando.filter((key): key is MissingItem => known.has(key));
  // A quote sent in English: the message goes inside the English letter as written (QA pass 15).
  if (language === 'en') {
    const texts = decisionEmailMessages.en.revisionPrefill;
    if (scope.todos) return texts.all;
    if (faltando.length === 0) return texts.withoutMissing;
    const labels = faltando.map((item) => texts.items[item]);
    const itens =
      labels.length === 1
        ? labels[0]!
        : `${labels.slice(0, -1).join(texts.listSeparator)}${texts.lastSeparator}${labels.at(-1)}`;
    return formatMessage(texts.withMissing, { itens });
  }
  if (scope.todos) return ui.decisions.revision.allMessage;
  return revisionMessageFor(faltando);
}
