import { PORTAL_LANGUAGES, type PortalLanguage, portalTexts } from '@cotacoes/shared/messages/ui-portal';
import { useSearchParams } from 'react-router';
import { usePortal } from '../api/get-portal';

/**
 * The language a portal page opens in before it knows the quote: `?lang=en|pt` (a link may carry it),
 * else the browser's (English when it starts with 'en'), else Portuguese.
 */
export function requestedLanguage(lang: string | null, browser: string | undefined): PortalLanguage {
  return namedLanguage(lang) ?? (browser?.toLowerCase().startsWith('en') ? 'en' : 'pt');
}

/** `?lang=`'s value when it names a portal language. */
const namedLanguage = (lang: string | null): PortalLanguage | null =>
  lang && (PORTAL_LANGUAGES as readonly string[]).includes(lang) ? (lang as PortalLanguage) : null;

function useRequestedLanguage(): PortalLanguage {
  const [params] = useSearchParams();
  return requestedLanguage(params.get('lang'), globalThis.navigator?.language);
}

/** The entry page's language (no quote known yet): the URL's or the browser's. */
export function useEntryLanguage(): PortalLanguage {
  return useRequestedLanguage();
}

/**
 * The answer page's language: the one its link names (`?lang=`, the carrier's choice on the entry page or
 * an English request's invite: ADR 0026 addendum 2026-12-08), else the quote's once its view is loaded, the
 * browser's until then.
 */
export function useAnswerLanguage(token: string): PortalLanguage {
  const [params] = useSearchParams();
  const requested = useRequestedLanguage();
  const portal = usePortal(token, portalTexts[requested].answer.loadErrorFallback);
  return namedLanguage(params.get('lang')) ?? portal.data?.idioma ?? requested;
}
