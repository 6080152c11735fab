import { describe, expect, it } from 'vitest';
import { toCorpusFormat } from './corpus-format.js';
import { extractFromText } from './extract-text.js';

/*
 * Replies a QA pass wrote the way forwarders write them (ADR 0024 addendum): a route alone on its line
 * heading its prices, and a destination followed by what the price includes.
 */
const read = (body: string) => toCorpusFormat(extractFromText(body));

describe('a route heading its prices', () => {
  it('prices each route\'s lines for its destination ("Ningbo x Itajaí" then "Frete: …")', () => {
    const c = read(
      [
        'Boa tarde,',
        '',
        'Segue nossa proposta:',
        '',
        'Ningbo x Itajaí',
        'Frete: USD 2.150,00 por 40HC / USD 1.350,00 por 20DV',
        'Ningbo x Navegantes',
        'Frete: USD 2.050,00 por 40HC / USD 1.300,00 por 20DV',
        '',
        'THC: R$ 1.450,00 por contêiner',
        'BL fee: USD 60,00 por BL',
        'Transit time: 30-35 dias',
        '',
        'Atenciosamente,',
        'Atlântico Logística',
      ].join('\n'),
    );
    expect(c.porto_destino).toEqual(['Itajaí', 'Navegantes']);
    expect(c.frete.map((f) => [f.destino, f.unidade, f.valor])).toEqual([
      ['Itajaí', '40HC', 2150],
      ['Itajaí', '20DC', 1350],
      ['Navegantes', '40HC', 2050],
      ['Navegantes', '20DC', 1300],
    ]);
    // The fees after the blank line are for both ports.
    expect(c.taxas.map((t) => [t.nome, t.destino])).toEqual([
      ['THC', null],
      ['BL FEE', null],
    ]);
  });

  it('a heading route does not make the fees under it freight', () => {
    const c = read(
      'Bom dia,\n\nLCL Barcelona x Itajaí:\nFrete: USD 52,00 por w/m\nTaxas na origem: EUR 45,00 por BL (documentação)\nDesconsolidação: R$ 480,00 por BL\n\nAtt,',
    );
    expect(c.frete.map((f) => [f.unidade, f.valor])).toEqual([['WM', 52]]);
    expect(c.taxas.map((t) => [t.nome, t.valor])).toEqual([
      ['DOC FEE', 45],
      ['DESCONSOLIDACAO', 480],
    ]);
  });
});

describe('a destination followed by what the price includes', () => {
  it('"destino Itajaí, já incluindo THC e BL fee" names one port, not "BL fee"', () => {
    const c = read(
      'Bom dia,\n\nFrete all in USD 2.300,00 por contêiner 40HC, destino Itajaí, já incluindo THC e BL fee.\nTransit time 28-32 dias\n\nAbraço,',
    );
    expect(c.porto_destino).toEqual(['Itajaí']);
  });

  it('still reads a list of ports ("Destino: Santos, Itajaí e Navegantes")', () => {
    const c = read('Prezados,\n\nDestino: Santos, Itajaí e Navegantes\nFrete 40HC: USD 2.000,00\n\nAtt,');
    expect(c.porto_destino).toEqual(['Santos', 'Itajaí', 'Navegantes']);
  });
});
