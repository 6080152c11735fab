import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { Role } from '@cotacoes/shared/rules/roles';
import type { InboundHealth } from '@cotacoes/shared/schemas/responses';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useInboundHealth } from '../api/get-inbound-health';
import { INBOUND_SOURCES_HEADING_ID } from './inbound-sources-section';

const t = ui.inboundHealth;

function failureText(failure: InboundHealth['falhas'][number]): string {
  const names = { tipo: t.kinds[failure.kind] ?? failure.kind, fonte: failure.fonte };
  if (failure.estado === 'reconectar') return formatMessage(t.reconnect, names);
  if (!failure.ultimaLeitura) return formatMessage(t.failingNever, names);
  return formatMessage(t.failing, {
    ...names,
    data: formatDateTime(failure.ultimaLeitura, failure.ultimaLeitura),
    relativo: formatRelative(failure.ultimaLeitura) ?? '',
  });
}

/**
 * Above every screen, for every role, while a mailbox stopped bringing replies (QA pass 41b: only a
 * desenvolvedor saw it, in Configurações). Says nothing while every mailbox reads, or if the check fails.
 */
export function InboundHealthBanner({ role }: { role: Role }) {
  const { data } = useInboundHealth();
  const failures = data?.falhas ?? [];
  if (failures.length === 0) return null;
  return (
    <Alert variant="warning" title={t.title} className="mb-4">
      <ul className="space-y-1">
        {failures.map((failure) => (
          <li key={failure.id} className="break-words">
            {failureText(failure)}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        {role === 'desenvolvedor' ? (
          <Link
            to={`${paths.settings.root.getHref()}#${INBOUND_SOURCES_HEADING_ID}`}
            className="font-medium underline underline-offset-2"
          >
            {t.openSources}
          </Link>
        ) : (
          t.askDeveloper
        )}
      </p>
    </Alert>
  );
}
