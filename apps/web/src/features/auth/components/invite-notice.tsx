import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { useInvite } from '../api/get-invite';

/** On /register?convite=…: which company invited, so the newcomer knows where the account will land. */
export function InviteNotice({ token }: { token: string }) {
  const invite = useInvite(token);
  if (invite.isPending) {
    return (
      <p role="status" className="mb-5 flex items-center gap-2 text-sm text-fg-muted">
        <Spinner size={16} />
        {ui.register.inviteChecking}
      </p>
    );
  }
  if (invite.isError) {
    return (
      <Alert variant="warning" title={ui.register.inviteInvalidTitle} className="mb-5">
        {errorText(invite.error, ui.register.inviteInvalid)}
      </Alert>
    );
  }
  return (
    <Alert variant="success" title={ui.register.inviteTitle} className="mb-5">
      {formatMessage(ui.register.invite, {
        empresa: invite.data.empresa.nome,
        role: ui.roles[invite.data.role],
      })}
    </Alert>
  );
}
