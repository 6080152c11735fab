import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';

/* The port of loading's THC is marked (`lado: 'origem'`): beside the destination's, it is another charge. */
const fees = (body: string[]) =>
  extractFromText(
    ['From: Pac <p@pacifico-q.com>', 'Subject: Re: Cotação', '', ...body, '', 'Best regards'].join('\n'),
  ).final.taxas.itens.map((t) => [t.nome, t.lado ?? null, t.valor, t.moeda]);

describe('a fee of the port of loading', () => {
  it('"Origin THC" beside "Destination THC": both kept, the first marked origem', () => {
    expect(
      fees([
        'Ocean freight 40HC USD 2,050.00',
        'Origin THC USD 150.00/cntr',
        'Destination THC USD 260.00/cntr',
      ]),
    ).toEqual([
      ['THC', 'origem', 150, 'USD'],
      ['THC', null, 260, 'USD'],
    ]);
  });

  it('a THC under an ORIGIN CHARGES heading, "OTHC" and "THC origem" are the origin\'s; a plain THC is not', () => {
    expect(
      fees([
        'Ocean freight 40HC USD 2,050.00',
        '',
        'ORIGIN CHARGES:',
        'THC USD 150.00/cntr',
        '',
        'DESTINATION CHARGES:',
        'THC BRL 1.450,00/cntr',
      ]),
    ).toEqual([
      ['THC', 'origem', 150, 'USD'],
      ['THC', null, 1450, 'BRL'],
    ]);
    expect(fees(['Frete 40HC USD 2.050,00', 'OTHC USD 150,00/cntr'])).toEqual([
      ['THC', 'origem', 150, 'USD'],
    ]);
    expect(fees(['Frete 40HC USD 2.050,00', 'THC origem: USD 150,00 por contêiner'])).toEqual([
      ['THC', 'origem', 150, 'USD'],
    ]);
    expect(fees(['Frete 40HC USD 2.050,00', 'THC: R$ 1.450,00 por contêiner'])).toEqual([
      ['THC', null, 1450, 'BRL'],
    ]);
  });
});
