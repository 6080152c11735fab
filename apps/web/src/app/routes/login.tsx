import { ui } from '@cotacoes/shared/messages/ui';
import { useRef } from 'react';
import { CheckCircleIcon, SparklesIcon } from '@/components/icons';
import { PageTitle } from '@/components/ui/page';
import { AuthCardHeader, AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  const emailRef = useRef<HTMLInputElement>(null);
  const aside = (
    <div>
      <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium">
        <SparklesIcon size={16} />
        IA
      </p>
      <h2 className="mt-5 text-3xl leading-tight font-bold lg:text-4xl">{ui.login.heroTitle}</h2>
      <p className="mt-4 text-lg text-blue-100">{ui.login.heroSubtitle}</p>
      <ul className="mt-8 space-y-4">
        {ui.login.heroFeatures.map((feature) => (
          <li key={feature} className="flex gap-3 text-blue-50">
            <CheckCircleIcon size={20} className="mt-0.5 shrink-0 text-blue-300" />
            {feature}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => emailRef.current?.focus()}
        title={ui.login.consultQuoteHint}
        className="mt-10 rounded-lg bg-white px-5 py-3 font-semibold text-blue-800 shadow-lg transition-colors hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {ui.login.consultQuote}
      </button>
    </div>
  );
  return (
    <AuthLayout aside={aside}>
      <PageTitle title={ui.login.title} />
      <AuthCardHeader title={ui.login.heading} subtitle={ui.login.subheading} />
      <LoginForm emailInputRef={emailRef} />
    </AuthLayout>
  );
}
