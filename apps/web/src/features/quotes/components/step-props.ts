import type { DraftField, QuoteDraft } from './draft';

export interface StepProps {
  draft: QuoteDraft;
  update: (patch: Partial<QuoteDraft>) => void;
}

export interface FieldStepProps extends StepProps {
  /** Messages of the step's invalid fields; shown once the field was touched. */
  errors: Partial<Record<DraftField, string>>;
  touched: ReadonlySet<DraftField>;
  touch: (field: DraftField) => void;
}
