import { describe, expect, it } from 'vitest';
import { describeHint } from './hints.js';

describe('describeHint', () => {
  it('says each kind of hint in plain pt-BR with the label as printed', () => {
    expect(describeHint({ tipo: 'unidade', alvo: 'frete', rotulo: 'O/F', valor: '40HC' })).toBe(
      '"O/F" é o preço por contêiner 40HC',
    );
    expect(describeHint({ tipo: 'unidade', alvo: 'frete', rotulo: 'Tarifa', valor: 'WM' })).toBe(
      '"Tarifa" é o frete por W/M (peso ou volume)',
    );
    expect(describeHint({ tipo: 'unidade', alvo: 'taxa', rotulo: 'Taxas locais', valor: 'BL' })).toBe(
      '"Taxas locais" é cobrada por BL',
    );
    expect(describeHint({ tipo: 'moeda', alvo: 'taxa', rotulo: 'THC', valor: 'BRL' })).toBe(
      'Valores de "THC" sem moeda escrita estão em BRL',
    );
    expect(describeHint({ tipo: 'ignorar', alvo: 'taxa', rotulo: 'Seguro estimado', valor: null })).toBe(
      '"Seguro estimado" não é uma cobrança e é deixada de fora',
    );
    expect(describeHint({ tipo: 'ignorar', alvo: 'frete', rotulo: 'Frete rodoviário', valor: null })).toBe(
      '"Frete rodoviário" não é frete desta cotação e é deixado de fora',
    );
  });
});
