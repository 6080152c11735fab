import { Link } from 'react-router';
import { AlertTriangleIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePortalTexts } from './portal-language';

/** A token that opens nothing (unknown, expired, reused, revoked): why, and the way to a new link. */
export function PortalUnavailable({ message }: { message: string }) {
  const { t, language } = usePortalTexts();
  return (
    <section aria-labelledby="portal-unavailable-title" className="space-y-5 text-center">
      <span className="mx-auto inline-flex rounded-full bg-warning-soft p-3 text-warning-soft-fg">
        <AlertTriangleIcon size={28} />
      </span>
      <h1 id="portal-unavailable-title" className="text-2xl font-bold text-fg">
        {t.invalid.title}
      </h1>
      <p className="text-fg">{message}</p>
      <Link
        to={paths.portal.entry.getHref(language === 'en' ? 'en' : undefined)}
        className={buttonClasses({ fullWidth: true })}
      >
        {t.invalid.requestNew}
      </Link>
    </section>
  );
}
