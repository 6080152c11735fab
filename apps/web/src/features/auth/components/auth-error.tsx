import { ui } from '@cotacoes/shared/messages/ui';
import { Link } from 'react-router';
import { XCircleIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** 'Erro na Autenticação' screen of the sign-in callbacks, with a way back to /login. */
export function AuthError({ message }: { message: string }) {
  return (
    <div className="text-center">
      <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-danger-soft text-danger-soft-fg">
        <XCircleIcon size={28} />
      </div>
      <h1 className="text-2xl font-bold text-fg">{ui.tokenCallback.errorTitle}</h1>
      <p role="alert" className="mt-2 text-fg-muted">
        {message}
      </p>
      <Link to={paths.auth.login.getHref()} className={buttonClasses({ className: 'mt-6' })}>
        {ui.tokenCallback.backToLogin}
      </Link>
    </div>
  );
}
