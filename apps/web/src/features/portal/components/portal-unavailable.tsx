import { ui } from '@cotacoes/shared/messages/ui';
import { Link } from 'react-router';
import { AlertTriangleIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** A token that opens nothing (unknown, expired, reused, revoked): why, and the way to a new link. */
export function PortalUnavailable({ message }: { message: string }) {
  return (
    <section aria-labelledby="portal-unavailable-title" className="space-y-5 text-center">
      <span className="mx-auto inline-flex rounded-full bg-warning-soft p-3 text-warning-soft-fg">
        <AlertTriangleIcon size={28} />
      </span>
      <h1 id="portal-unavailable-title" className="text-2xl font-bold text-fg">
        {ui.portal.invalid.title}
      </h1>
      <p className="text-fg">{message}</p>
      <Link to={paths.portal.entry.getHref()} className={buttonClasses({ fullWidth: true })}>
        {ui.portal.invalid.requestNew}
      </Link>
    </section>
  );
}
