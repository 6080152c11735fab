export { QuoteStatusBadge } from './components/quote-status-badge';
