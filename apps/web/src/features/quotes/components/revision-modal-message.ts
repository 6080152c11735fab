import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';

const t = ui.decisions.revision;

/** A `faltando` key of the comparison as a phrase of the message ('o free time no destino (em dias)'). */
export function missingPhrase(key: string): string {
  return t.missing[key] ?? formatMessage(t.missingOther, { campo: key });
}

/**
 * The revision message the modal starts with. For one carrier: what its answer lacks compared with what
 * was asked, one item a line, or a plain request for a better price when nothing is missing. For
 * 'Revisar Todos': one text for everyone (it must not reveal what another carrier sent).
 */
export function revisionMessage(
  scope: { todos: true } | { todos: false; faltando: readonly string[] },
): string {
  const body = scope.todos
    ? t.allIntro
    : scope.faltando.length === 0
      ? t.noneMissing
      : [
          t.missingIntro,
          ...scope.faltando.map(
            (key, index) => `- ${missingPhrase(key)}${index === scope.faltando.length - 1 ? '.' : ';'}`,
          ),
        ].join('\n');
  return [t.greeting, '', body, '', t.closing, '', t.signature].join('\n');
}
