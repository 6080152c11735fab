import { ui } from '@cotacoes/shared/messages/ui';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { CheckCircleIcon, SparklesIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { PageTitle } from '@/components/ui/page';
import { AuthCardHeader, AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

const claims = ui.productClaims;

/** 'Consultar cotação' (spec: action not shown): until the carrier portal exists, it says what it is for. */
function ConsultQuoteModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={ui.login.consultQuoteTitle}
      size="sm"
      footer={<Button onClick={onClose}>{ui.login.consultQuoteClose}</Button>}
    >
      <p className="text-sm text-fg">{ui.login.consultQuoteText}</p>
      <p className="mt-3 text-sm text-fg-muted">{ui.login.consultQuoteImporter}</p>
    </Modal>
  );
}

export default function LoginRoute() {
  const [consulting, setConsulting] = useState(false);
  // A finished password reset comes back here with the server's message.
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
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
      <button
        type="button"
        onClick={() => setConsulting(true)}
        aria-haspopup="dialog"
        className="mt-10 rounded-lg bg-white px-5 py-3 font-semibold text-blue-800 shadow-lg transition-colors hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {ui.login.consultQuote}
      </button>
      <ConsultQuoteModal open={consulting} onClose={() => setConsulting(false)} />
    </div>
  );
  return (
    <AuthLayout aside={aside}>
      <PageTitle title={ui.login.title} />
      <AuthCardHeader title={ui.login.heading} subtitle={ui.login.subheading} />
      {typeof notice === 'string' && (
        <Alert variant="success" className="mb-5">
          {notice}
        </Alert>
      )}
      <LoginForm />
    </AuthLayout>
  );
}
