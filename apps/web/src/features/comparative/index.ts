export { ComparativeModal } from './components/comparative-modal';
