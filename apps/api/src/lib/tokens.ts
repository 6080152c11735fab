import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256-bit random token, base64url. */
export function generateToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256, hex (one-shot: every signed-in request hashes its token). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Six digits from the CSPRNG. */
export function generateNumericCode(length = 6): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
