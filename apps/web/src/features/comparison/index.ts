export { useComparison } from './api/get-comparison';
export type { FigureRef } from './components/comparison-context';
export { brlRate, daysText, marginText, money } from './components/comparison-format';
export { AnswerProgressBar } from './components/comparison-progress';
export { destinationsOf } from './components/comparison-rows';
export { ComparisonSection } from './components/comparison-section';
export { CarriageLine, WarningList } from './components/comparison-warnings';
export { rememberedMargin } from './components/exchange-margin-memory';
export { MarginInput, parseMargin } from './components/margin-input';
