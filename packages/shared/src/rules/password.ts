import type { ErrorCode } from '../messages/errors.js';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** Short deny-list of the most used passwords that pass the spec's letter+number rule. */
const COMMON_PASSWORDS = new Set([
  'abc123',
  'abcd1234',
  'abc12345',
  'a123456',
  'a12345',
  'a1b2c3',
  'a1b2c3d4',
  'qwerty1',
  'qwerty12',
  'qwerty123',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'senha1',
  'senha12',
  'senha123',
  'senha1234',
  'senha12345',
  'mudar123',
  'mudar1234',
  'admin1',
  'admin12',
  'admin123',
  'admin1234',
  'teste1',
  'teste12',
  'teste123',
  'teste1234',
  'test123',
  'test1234',
  'brasil1',
  'brasil123',
  'brasil2026',
  '123456a',
  '123456q',
  '1q2w3e',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  'iloveyou1',
  'welcome1',
  'welcome123',
  'letmein1',
  'monkey1',
  'dragon1',
  'master1',
  'flamengo1',
  'corinthians1',
  'cotacao1',
  'cotacao123',
  'cotacoes1',
  'cotacoes123',
  'p4ssw0rd',
  'zaq12wsx',
  '1qaz2wsx',
]);

/** Every spec rule the password breaks, in the spec's order (min length, letter, number). */
export function passwordProblems(password: string): ErrorCode[] {
  const problems: ErrorCode[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('PASSWORD_MIN_LENGTH');
  if (!/\p{L}/u.test(password)) problems.push('PASSWORD_LETTER');
  if (!/\p{N}/u.test(password)) problems.push('PASSWORD_NUMBER');
  if (password.length > PASSWORD_MAX_LENGTH) problems.push('PASSWORD_TOO_LONG');
  if (problems.length === 0 && COMMON_PASSWORDS.has(password.toLowerCase())) {
    problems.push('PASSWORD_TOO_COMMON');
  }
  return problems;
}
