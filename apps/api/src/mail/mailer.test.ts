import { describe, expect, it } from 'vitest';
import { companyFrom } from './mailer.js';

describe('companyFrom', () => {
  it("names the company beside the platform, at the platform's address; quotes and line breaks cannot get in", () => {
    expect(companyFrom('Sistema de Cotações <nao-responda@cotacoes.local>', 'Importadora Demonstração')).toBe(
      '"Importadora Demonstração via Sistema de Cotações" <nao-responda@cotacoes.local>',
    );
    expect(companyFrom('"Cotações" <cot@x.com>', 'Ação "Ltda"\r\nBcc: a@b.com')).toBe(
      '"Ação Ltda Bcc: a@b.com via Cotações" <cot@x.com>',
    );
    expect(companyFrom('cot@x.com', 'Alfa')).toBe('"Alfa via Sistema de Cotações" <cot@x.com>');
  });
});
