import type { ChargeCandidate } from '../fields/charge-types.js';
import type { FieldResults } from '../fields/field-types.js';

/** Fields and charges of the newest message, completed by an older one it says still applies. */
export function mergeScopes(
  newest: { fields: FieldResults; charges: ChargeCandidate[] },
  older: { fields: FieldResults; charges: ChargeCandidate[] } | null,
): { fields: FieldResults; charges: ChargeCandidate[] } {
  if (older === null) return newest;
  const fields: FieldResults = { ...newest.fields };
  for (const key of Object.keys(fields) as Array<keyof FieldResults>) {
    if (key === 'destinations') continue;
    if (fields[key] === null) Object.assign(fields, { [key]: older.fields[key] });
  }
  if (fields.destinations.length === 0) fields.destinations = older.fields.destinations;
  // A revision restates its freight; older fees stay unless the newest message quotes the same fee again.
  const hasFreight = newest.charges.some((c) => c.kind === 'freight');
  const feeNames = new Set(newest.charges.filter((c) => c.kind === 'fee').map((c) => c.feeName));
  const kept = older.charges.filter((c) => (c.kind === 'freight' ? !hasFreight : !feeNames.has(c.feeName)));
  return { fields, charges: [...newest.charges, ...kept] };
}
