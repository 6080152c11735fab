import { ui } from '@cotacoes/shared/messages/ui';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';

/** Every state a mailbox or inbound source is listed with (Gmail, Microsoft 365, 'Fontes de e-mail'). */
export type SourceState = 'ok' | 'erro' | 'reconectar' | 'inativo' | 'desconectada';

/** One rule for every list: a failure is red, a needed reconnection amber, nothing running grey. */
export const sourceStateBadge: Record<SourceState, BadgeVariant> = {
  ok: 'success',
  erro: 'danger',
  reconectar: 'warning',
  inativo: 'neutral',
  desconectada: 'neutral',
};

/** The state of a mailbox; while it syncs, a spinner and 'Sincronizando...' instead. */
export function SourceStateBadge({
  state,
  label,
  syncing = false,
}: {
  state: SourceState;
  label: string;
  syncing?: boolean;
}) {
  if (syncing)
    return (
      <Badge variant="primary">
        <Spinner size={12} />
        {ui.inboundSources.syncing}
      </Badge>
    );
  return <Badge variant={sourceStateBadge[state]}>{label}</Badge>;
}
