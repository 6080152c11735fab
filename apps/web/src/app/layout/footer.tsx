import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';

export function Footer() {
  return (
    <footer className="border-t border-border px-4 py-4 text-center text-xs text-fg-muted sm:px-6">
      <p>{formatMessage(ui.shell.footer.rights, { year: new Date().getFullYear() })}</p>
      <p className="mt-0.5">{ui.shell.footer.credit}</p>
    </footer>
  );
}
