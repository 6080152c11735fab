import {
  formatPortalDateTime,
  PORTAL_NUMBER_LOCALES,
  type PortalLanguage,
  type PortalTexts,
  portalTexts,
} from '@cotacoes/shared/messages/ui-portal';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatBytes, formatMoney } from '@/lib/format';
import { useEntryLanguage } from '../hooks/use-portal-language';

/** How the portal writes numbers and dates in its language; times always in Brasília (the request's). */
export type PortalFormat = {
  dateTime: (value: string) => string;
  /** An ISO date (YYYY-MM-DD), without shifting it through a time zone. */
  date: (iso: string) => string;
  /** An amount as the form shows and reads it: '1.450,00' / '1,450.00'. */
  amount: (value: number) => string;
  money: (value: number, currency: string) => string;
  bytes: (value: number) => string;
};

function portalFormatOf(language: PortalLanguage): PortalFormat {
  const amounts = new Intl.NumberFormat(PORTAL_NUMBER_LOCALES[language], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const dateTime = (value: string) => formatPortalDateTime(value, language) ?? '—';
  if (language === 'pt')
    return {
      dateTime,
      date: (iso) => iso.split('-').reverse().join('/'),
      amount: (value) => amounts.format(value),
      money: formatMoney,
      bytes: formatBytes,
    };
  const days = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    dateTime,
    date: (iso) => {
      const date = new Date(`${iso}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? iso : days.format(date);
    },
    amount: (value) => amounts.format(value),
    // The currency's code ('USD 2,350.00'): '$' alone does not say which dollar.
    money: (value, currency) => {
      try {
        return new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code' })
          .format(value)
          .replace(/\u00a0/g, ' ');
      } catch {
        return `${currency} ${amounts.format(value)}`;
      }
    },
    bytes: (value) => formatBytes(value).replace(',', '.'),
  };
}

type PortalLanguageValue = { language: PortalLanguage; t: PortalTexts; format: PortalFormat };

const PortalLanguageContext = createContext<PortalLanguageValue>({
  language: 'pt',
  t: portalTexts.pt,
  format: portalFormatOf('pt'),
});

/**
 * The portal's pages in one language (the quote's, or the one chosen on the entry page): their texts,
 * their number and date formats, and `<html lang>` while they are shown (given back on leaving).
 */
export function PortalLanguageProvider({
  language,
  children,
}: {
  language: PortalLanguage;
  children: ReactNode;
}) {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = language === 'en' ? 'en' : 'pt-BR';
    return () => {
      root.lang = previous;
    };
  }, [language]);
  const value = useMemo(
    () => ({ language, t: portalTexts[language], format: portalFormatOf(language) }),
    [language],
  );
  return <PortalLanguageContext.Provider value={value}>{children}</PortalLanguageContext.Provider>;
}

/** The texts and formats of the portal page being shown. */
export function usePortalTexts(): PortalLanguageValue {
  return useContext(PortalLanguageContext);
}

/** 'Português | English' on the entry page: each language named in itself; the choice goes in the URL. */
export function PortalLanguageSwitch() {
  const { t } = usePortalTexts();
  const language = useEntryLanguage();
  const options = [
    { value: 'pt', label: t.languages.pt, lang: 'pt-BR' },
    { value: 'en', label: t.languages.en, lang: 'en' },
  ] as const;
  return (
    <nav aria-label={t.languages.label} className="flex shrink-0 items-center text-sm">
      {options.map((option, index) => (
        <span key={option.value} className="flex items-center">
          {index > 0 && (
            <span aria-hidden="true" className="px-1 text-fg-muted">
              |
            </span>
          )}
          <Link
            to={paths.portal.entry.getHref(option.value)}
            replace
            lang={option.lang}
            aria-current={language === option.value ? 'true' : undefined}
            className={cn(
              'rounded px-1.5 py-1 focus-visible:outline-2 focus-visible:outline-ring',
              language === option.value
                ? 'font-semibold text-fg'
                : 'text-primary-soft-fg underline-offset-2 hover:underline',
            )}
          >
            {option.label}
          </Link>
        </span>
      ))}
    </nav>
  );
}
