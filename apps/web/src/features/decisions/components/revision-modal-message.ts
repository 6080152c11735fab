import { MISSING_ITEMS, type MissingItem, revisionMessageFor } from '@cotacoes/shared/comparison/index';
import { decisionEmailMessages } from '@cotacoes/shared/messages/decision-email';
import { ui } from '@cotacoes/shared/messages/ui';

const known = new Set<string>(MISSING_ITEMS);

/**
 * The revision message the modal starts with. For one carrier: the shared rule's text asking for what its
 * answer lacks compared with what was asked (`faltando` of its rows), or for a better price when nothing
 * is missing. For 'Revisar Todos': one text for everyone (it must not describe another carrier's answer).
 */
export function revisionMessage(
  scope: { todos: true } | { todos: false; faltando: readonly string[]; taxas?: readonly string[] },
  language: 'pt' | 'en' = 'pt',
): string {
  // 'Revisar Todos': one text for everyone, in the quote's language (QA pass 15).
  if (scope.todos)
    return language === 'en'
      ? decisionEmailMessages.en.revisionPrefill.all
      : ui.decisions.revision.allMessage;
  return revisionMessageFor(
    scope.faltando.filter((key): key is MissingItem => known.has(key)),
    language,
    scope.taxas ?? [],
  );
}
