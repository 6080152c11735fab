import { describe, expect, it } from 'vitest';
import '../index.js';
import { loginBodySchema, registerBodySchema, verifyEmailBodySchema } from './auth.js';

describe('auth payloads', () => {
  it('normalises e-mails (trim, lower case)', () => {
    expect(registerBodySchema.parse({ email: '  Ana@Empresa.COM.br ' })).toEqual({
      email: 'ana@empresa.com.br',
    });
  });

  it('rejects unknown fields and bad e-mails with pt-BR messages', () => {
    expect(registerBodySchema.safeParse({ email: 'x' }).error?.issues[0]?.message).toBe(
      'Informe um e-mail válido.',
    );
    const extra = loginBodySchema.safeParse({ email: 'a@b.com', password: 'x', admin: true });
    expect(extra.error?.issues[0]?.message).toContain('Chave inválida');
  });

  it('accepts only a 6-digit code', () => {
    expect(verifyEmailBodySchema.safeParse({ code: '123456' }).success).toBe(true);
    for (const code of ['12345', '1234567', '12a456', ' 123456']) {
      expect(verifyEmailBodySchema.safeParse({ code }).success).toBe(false);
    }
  });
});
