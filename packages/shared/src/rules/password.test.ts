import { describe, expect, it } from 'vitest';
import { errorMessages } from '../messages/errors.js';
import { changePasswordBodySchema, completeRegistrationBodySchema } from '../schemas/auth.js';
import { passwordProblems } from './password.js';

describe('password rules (spec 000 §5)', () => {
  it.each([
    ['abc', ['PASSWORD_MIN_LENGTH', 'PASSWORD_NUMBER']],
    ['123456', ['PASSWORD_LETTER']],
    ['abcdef', ['PASSWORD_NUMBER']],
    ['a1', ['PASSWORD_MIN_LENGTH']],
    ['', ['PASSWORD_MIN_LENGTH', 'PASSWORD_LETTER', 'PASSWORD_NUMBER']],
    ['cotação9', []],
    ['Frete2026', []],
  ])('%s → %j', (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });

  it('refuses common passwords that pass the spec rules', () => {
    expect(passwordProblems('Senha123')).toEqual(['PASSWORD_TOO_COMMON']);
    expect(passwordProblems('abc123')).toEqual(['PASSWORD_TOO_COMMON']);
  });

  it('uses the exact spec messages', () => {
    expect(errorMessages.PASSWORD_MIN_LENGTH).toBe('A senha deve ter pelo menos 6 caracteres.');
    expect(errorMessages.PASSWORD_LETTER).toBe('A senha deve conter pelo menos uma letra.');
    expect(errorMessages.PASSWORD_NUMBER).toBe('A senha deve conter pelo menos um número.');
    expect(errorMessages.PASSWORD_MISMATCH).toBe('As senhas não coincidem.');
  });

  it('checks the confirmation in both forms', () => {
    const create = completeRegistrationBodySchema.safeParse({
      name: 'A',
      password: 'frete2026',
      confirmPassword: 'x',
    });
    expect(create.error?.issues.map((issue) => issue.message)).toEqual(['As senhas não coincidem.']);
    const change = changePasswordBodySchema.safeParse({
      currentPassword: 'a',
      newPassword: 'frete2026',
      confirmPassword: 'frete2026',
    });
    expect(change.success).toBe(true);
  });
});
