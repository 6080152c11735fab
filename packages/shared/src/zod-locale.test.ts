import { describe, expect, it } from 'vitest';
import { typedValuesSchema } from './schemas/responses.js';
import './zod-locale.js';

describe('built-in size messages (QA pass 42b: raw "esperava que o vetor tivesse <= 200 elementos")', () => {
  it("say list and text sizes in plain pt-BR; numbers too; other checks keep the locale's", () => {
    const fee = { nome: 'THC', valor: 1, moeda: 'BRL' };
    const tooMany = typedValuesSchema.safeParse({ taxas: Array.from({ length: 51 }, () => fee) });
    expect(tooMany.error?.issues[0]?.message).toBe('Itens demais: no máximo 50.');
    const longName = typedValuesSchema.safeParse({ taxas: [{ ...fee, nome: 'x'.repeat(101) }] });
    expect(longName.error?.issues[0]?.message).toBe('Use no máximo 100 caracteres.');
    const emptyName = typedValuesSchema.safeParse({ taxas: [{ ...fee, nome: '' }] });
    expect(emptyName.error?.issues[0]?.message).toBe('Preencha este campo.');
    const days = typedValuesSchema.safeParse({ transitTimeDias: 400 });
    expect(days.error?.issues[0]?.message).toBe('Informe um valor de no máximo 365.');
    const freight = typedValuesSchema.safeParse({ fretes: [{ unidade: '40HC', valor: 0, moeda: 'USD' }] });
    expect(freight.error?.issues[0]?.message).toBe('Informe um valor maior que 0.');
    // Not a size: the locale's own words.
    expect(typedValuesSchema.safeParse({ moeda: 'GBP' }).error?.issues[0]?.message).toMatch(
      /^Opção inválida/,
    );
  });
});
