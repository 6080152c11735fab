import type { Line } from '../blocks/lines.js';
import type { DateOrder, Evidence, Modal } from '../types.js';
import type { PlaceValue } from './places.js';

export interface Found<T> {
  value: T;
  evidence: Evidence;
}

export interface FieldContext {
  dateOrder: DateOrder;
  reference: Date | null;
  origin: string;
  /** The ports the quote asks (`ExtractTextOptions.destinations`), when given: a price line may name them. */
  quotePorts?: readonly PlaceValue[];
}

export interface FieldResults {
  origin: Found<PlaceValue> | null;
  destinations: Array<Found<PlaceValue>>;
  /** `value: null` means the quote says the service is direct. */
  transshipment: Found<PlaceValue | null> | null;
  carrier: Found<string> | null;
  transit: Found<{ min: number; max: number }> | null;
  /** `combined`: demurrage and detention together ("14 days combined"), not the destination's free time alone. */
  freeTime: (Found<number> & { combined?: boolean }) | null;
  /** Chargeable (taxable) weight in kg the reply states (air, LCL), never the gross weight alone. */
  chargeableWeight: Found<number> | null;
  validity: Found<string> | null;
  incoterm: Found<string> | null;
  payment: Found<string> | null;
  company: Found<string> | null;
  modal: Found<Modal> | null;
  documentDate: Found<string> | null;
}

export function evidenceFrom(
  line: Line,
  origin: string,
  method: string,
  confidence: number,
): import('../types.js').Evidence {
  return { confidence, method, source: { line: line.no, text: line.trimmed.slice(0, 200), origin } };
}

export function emptyFields(): FieldResults {
  return {
    origin: null,
    destinations: [],
    transshipment: null,
    carrier: null,
    transit: null,
    freeTime: null,
    chargeableWeight: null,
    validity: null,
    incoterm: null,
    payment: null,
    company: null,
    modal: null,
    documentDate: null,
  };
}
