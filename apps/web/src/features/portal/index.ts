/** The carrier portal (issue 35): 'Consultar cotação' and the token-scoped answer page, in pt or en. */
export { PortalAnswerPage } from './components/portal-answer-page';
export { PortalEntryForm } from './components/portal-entry-form';
export { PortalLanguageProvider, usePortalTexts } from './components/portal-language';
export { PortalLayout } from './components/portal-layout';
export { useAnswerLanguage, useEntryLanguage } from './hooks/use-portal-language';
