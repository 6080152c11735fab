/**
 * Exact decimal arithmetic for money and rates (never binary floating point for sums that are shown):
 * a value is a bigint scaled by 10^8, read from the shortest decimal text of a number (what the JSON
 * said), and rounded half away from zero.
 */
export type Decimal = bigint;

export const DECIMAL_PLACES = 8;
const SCALE = 10n ** BigInt(DECIMAL_PLACES);
export const ZERO: Decimal = 0n;

/** Integer division rounded half away from zero. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const rounded = (n % d) * 2n >= d ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** Reads a decimal text (`1780.55`, `-0.1`, `1e-7`) exactly, rounded to 8 places. */
export function parseDecimal(text: string): Decimal {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`not a number: ${text}`);
  const [, sign, whole = '', fraction = '', exponentText] = match;
  const digits = BigInt(`${whole}${fraction}` || '0');
  // value = digits × 10^(exponent − fraction length); scaled by 10^8.
  const shift = Number(exponentText ?? 0) - fraction.length + DECIMAL_PLACES;
  const scaled = shift >= 0 ? digits * 10n ** BigInt(shift) : divideRounded(digits, 10n ** BigInt(-shift));
  return sign === '-' ? -scaled : scaled;
}

/** A JavaScript number as the decimal it prints as (0.1 is 0.1, not 0.1000000000000000055…). */
export function toDecimal(value: number): Decimal {
  if (Number.isSafeInteger(value)) return BigInt(value) * SCALE;
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  // Fast path: a number of at most 8 decimals below 1e7 is n / 10^8 for the one integer n that prints
  // back as it (0.1 + 0.2 is not: it goes the exact way).
  if (Math.abs(value) < 1e7) {
    const scaled = Math.round(value * 1e8);
    if (scaled / 1e8 === value) return BigInt(scaled);
  }
  return parseDecimal(String(value));
}

export function add(...values: Decimal[]): Decimal {
  return values.reduce((sum, value) => sum + value, ZERO);
}

export function subtract(a: Decimal, b: Decimal): Decimal {
  return a - b;
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return divideRounded(a * b, SCALE);
}

export function divide(a: Decimal, b: Decimal): Decimal {
  return divideRounded(a * SCALE, b);
}

/** (a × b) ÷ c with a single rounding at 8 places. */
export function multiplyDivide(a: Decimal, b: Decimal, c: Decimal): Decimal {
  return divideRounded(a * b, c);
}

/** Rounded half away from zero to `places` decimals (0–8). */
export function round(value: Decimal, places: number): Decimal {
  const step = 10n ** BigInt(DECIMAL_PLACES - places);
  return divideRounded(value, step) * step;
}

export function max(a: Decimal, b: Decimal): Decimal {
  return a >= b ? a : b;
}

/** The decimal as text with exactly `places` decimals (rounded), e.g. `1780.50`. */
export function formatDecimal(value: Decimal, places = DECIMAL_PLACES): string {
  const rounded = round(value, places);
  const negative = rounded < 0n;
  const digits = (negative ? -rounded : rounded).toString().padStart(DECIMAL_PLACES + 1, '0');
  const whole = digits.slice(0, -DECIMAL_PLACES);
  const fraction = digits.slice(-DECIMAL_PLACES, -DECIMAL_PLACES + places || undefined);
  return `${negative ? '-' : ''}${whole}${places > 0 ? `.${fraction}` : ''}`;
}

/** The number closest to the decimal: exact for what it is meant to print (2 or 4 places). */
export function toNumber(value: Decimal): number {
  const scaled = Number(value);
  // Below 2^53 the division is exact-then-rounded once: the same number as parsing the decimal text.
  const result = Math.abs(scaled) < 2 ** 53 ? scaled / 1e8 : Number(formatDecimal(value));
  return result === 0 ? 0 : result;
}

/** Rounded to 2 decimals, as a number (money as shown and answered). */
export function toMoney(value: Decimal): number {
  return toNumber(round(value, 2));
}

/** a ÷ b rounded once, straight to `places` decimals. */
export function divideToPlaces(a: Decimal, b: Decimal, places: number): Decimal {
  return divideRounded(a * 10n ** BigInt(places), b) * 10n ** BigInt(DECIMAL_PLACES - places);
}
