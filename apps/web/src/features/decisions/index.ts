/*
 * What the comparison tab embeds: the inline correction, the revision request, which rows can be approved.
 * The approval page is not exported: it reads the comparison, which imports this entry (an import cycle);
 * its route imports it directly.
 */
export { useCorrectValue } from './api/correct-value';
export { isApprovableRow } from './components/approvable-row';
export { CorrectionInput } from './components/correction-input';
export { correctionDisplayText, correctionInputText, parsePtBrNumber } from './components/correction-parse';
export { RevisionModal, type RevisionScope } from './components/revision-modal';
