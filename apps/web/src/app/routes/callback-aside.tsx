import { ui } from '@cotacoes/shared/messages/ui';

/** Brand panel of the sign-in return screens. */
export function CallbackAside() {
  return (
    <div>
      <h2 className="text-3xl leading-tight font-bold lg:text-4xl">{ui.productClaims.heroTitle}</h2>
      <p className="mt-4 text-lg text-blue-100">{ui.productClaims.heroSubtitle}</p>
    </div>
  );
}
