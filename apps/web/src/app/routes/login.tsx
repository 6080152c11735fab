import { ui } from '@cotacoes/shared/messages/ui';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CheckCircleIcon, SparklesIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { PageTitle } from '@/components/ui/page';
import { storageKeys } from '@/config/constants';
import { paths } from '@/config/paths';
import { AuthCardHeader, AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

const claims = ui.productClaims;

export default function LoginRoute() {
  // A finished password reset comes back here with the server's message.
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  // Said once: read when the page opens, forgotten after (a reload of the login page does not repeat it).
  const [sessionEnded] = useState(() => sessionStorage.getItem(storageKeys.sessionEnded) === '1');
  useEffect(() => sessionStorage.removeItem(storageKeys.sessionEnded), []);
  const aside = (
    <div>
      <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium">
        <SparklesIcon size={16} />
        {claims.heroBadge}
      </p>
      <h2 className="mt-5 text-3xl leading-tight font-bold lg:text-4xl">{claims.heroTitle}</h2>
      <p className="mt-4 text-lg text-blue-100">{claims.heroSubtitle}</p>
      <ul className="mt-8 space-y-4">
        {claims.heroFeatures.map((feature) => (
          <li key={feature} className="flex gap-3 text-blue-50">
            <CheckCircleIcon size={20} className="mt-0.5 shrink-0 text-blue-300" />
            {feature}
          </li>
        ))}
      </ul>
      <Link
        // From this Portuguese page, the portal opens in Portuguese whatever the browser's language.
        to={paths.portal.entry.getHref('pt')}
        className="mt-10 inline-block rounded-lg bg-white px-5 py-3 font-semibold text-blue-800 shadow-lg transition-colors hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {ui.login.consultQuote}
      </Link>
    </div>
  );
  return (
    <AuthLayout aside={aside}>
      <PageTitle title={ui.login.title} />
      <AuthCardHeader title={ui.login.heading} subtitle={ui.login.subheading} />
      {sessionEnded && (
        <Alert variant="warning" className="mb-5">
          {ui.login.sessionEnded}
        </Alert>
      )}
      {typeof notice === 'string' && (
        <Alert variant="success" className="mb-5">
          {notice}
        </Alert>
      )}
      <LoginForm />
    </AuthLayout>
  );
}
