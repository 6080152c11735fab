import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cnpjProblem, formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj.js';

const fixture = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures/cnpj_alfanumerico.json'), 'utf8'),
);

describe('CNPJ validation with the Receita Federal vectors', () => {
  it.each([...fixture.test_vectors.valid_numeric, ...fixture.test_vectors.valid_alphanumeric] as string[])(
    '%s is valid',
    (value) => {
      expect(isValidCnpj(value)).toBe(true);
      expect(isValidCnpj(formatCnpj(value))).toBe(true);
    },
  );

  it.each((fixture.test_vectors.invalid as { v: string }[]).map((vector) => vector.v))(
    '%s is invalid',
    (value) => {
      expect(isValidCnpj(value)).toBe(false);
    },
  );

  it('matches every worked example, masked and unmasked', () => {
    for (const example of fixture.worked_examples as { full: string; masked: string }[]) {
      expect(formatCnpj(example.full)).toBe(example.masked);
      expect(normalizeCnpj(example.masked)).toBe(example.full);
      expect(isValidCnpj(example.masked)).toBe(true);
    }
  });

  it('tells a length problem from a check-digit problem', () => {
    expect(cnpjProblem('123')).toBe('CNPJ_LENGTH');
    expect(cnpjProblem('11222333000182')).toBe('CNPJ_CHECK_DIGITS');
    expect(cnpjProblem('11.222.333/0001-81')).toBeUndefined();
  });

  it('normalises input as the spec asks (punctuation removed, 14 characters) and upper-cases letters', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeCnpj('11.222.333/0001-8199')).toBe('11222333000181');
    expect(formatCnpj('112223')).toBe('11.222.3');
  });
});
