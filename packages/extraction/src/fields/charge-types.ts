import type { Line } from '../blocks/lines.js';
import type { ContainerUnit, Currency, FeeUnit, FreightUnit } from '../types.js';
import type { PlaceValue } from './places.js';

export interface ChargeCandidate {
  kind: 'freight' | 'fee';
  /** Printed label (fee or freight line). */
  label: string;
  /** Canonical fee name, or the printed acronym/label. */
  feeName: string | null;
  value: number;
  currency: Currency | null;
  isPercent: boolean;
  /** Basis stated in the text, a header or a heading; null when none was found. */
  unit: FeeUnit | null;
  /** Freight unit read from the text (equipment, kg, w/m ...). */
  freightUnit: FreightUnit | null;
  /** All equipment units the price applies to (a bare 40' covers 40DC and 40HC). */
  equipment: ContainerUnit[] | null;
  /** Text that may name a destination ("THC Santos", a table's POD cell). */
  placeText: string;
  /** The label is itself a list of places ("Santos / Itapoá: USD ..."). */
  labelPlaces: PlaceValue[];
  minimum: number | null;
  /**
   * Of an air rate read from a weight-break list or table: the lower bound in kg of its band ("-45" → 0,
   * "+45" → 45, "+100" → 100). Absent when the rate is not one of a weight-break list or its band is unknown.
   */
  faixaKg?: number;
  /**
   * Prices per m³ and per ton of one LCL freight of which the greater is charged: the same key on both
   * (`FreightItem.oQueForMaior`).
   */
  greaterOf?: string;
  /** The port of loading the line or row names with its destination ("POL Ningbo / POD Santos: …"). */
  routeOrigin?: PlaceValue;
  /**
   * A fee of the port of loading: its label says so ("Origin THC", "OTHC", "THC origem") or it sits under
   * an origin heading ("ORIGIN CHARGES", "Local charges at POL"). Absent otherwise.
   */
  originSide?: boolean;
  /**
   * The one port the charge's own words name ("Frete 40HC Santos: …", "THC Itapoá R$ 1.150", "to Itapoá USD
   * 2,250/40HC"), when the line names none otherwise (a route, a discharge label, a place list): the
   * charge is that port's (a freight's `labelPlaces` is set to it too). Absent otherwise.
   */
  namedPort?: PlaceValue;
  /** The value is one of several on its line, each for the places in `labelPlaces`. */
  perDestination?: boolean;
  line: Line;
  cell?: string;
  origin: string;
  confidence: number;
  /** Set by correction hints (ADR 0101): which attributes they changed and the candidate as read. */
  hinted?: { effects: Array<{ id: string; campo: 'unidade' | 'moeda' }>; original: ChargeCandidate };
}
