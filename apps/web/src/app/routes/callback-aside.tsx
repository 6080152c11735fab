import { ui } from '@cotacoes/shared/messages/ui';

/** Brand panel of the sign-in return screens. */
export function CallbackAside() {
  return (
    <div>
      <h2 className="text-4xl leading-tight font-bold">{ui.login.heroTitle}</h2>
      <p className="mt-4 text-lg text-blue-100">{ui.login.heroSubtitle}</p>
    </div>
  );
}
