import { ui } from '@cotacoes/shared/messages/ui';
import { ApprovePage } from '@/features/decisions/components/approve-page';
import { useUser } from '@/lib/session';
import { AccessDenied } from '../guards';

/** Spec 001 §6: approving needs a company link; without one, 'Acesso Negado' with the spec's reason. */
export default function QuoteApproveRoute() {
  const user = useUser();
  if (!user?.empresaId) return <AccessDenied message={ui.decisions.approve.noCompany} />;
  return <ApprovePage />;
}
