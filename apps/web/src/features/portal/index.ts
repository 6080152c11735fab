/** The carrier portal (issue 35): 'Consultar cotação' and the token-scoped answer page. */
export { PortalAnswerPage } from './components/portal-answer-page';
export { PortalEntryForm } from './components/portal-entry-form';
export { PortalLayout } from './components/portal-layout';
