import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';

/* Charges a reply leaves to the importer without a price (QA pass 13: an all-in row read as the whole cost). */
const notIncluded = (body: string[]) =>
  (
    extractFromText(
      ['From: Maré <q@mare-q.com.br>', 'Subject: Re: Cotação', '', ...body, '', 'Att,', 'Maré'].join('\n'),
    ).final.taxasNaoIncluidas ?? []
  ).map((item) => [item.nome, item.source.line]);

describe('charges the reply says are not included', () => {
  it('names them with their line, in pt and en; a priced line is a fee, not an exclusion', () => {
    expect(
      notIncluded([
        'All-in USD 4,90/kg sobre o peso taxado.',
        'Taxas de terminal em Viracopos por conta do importador.',
        'Seguro não incluso.',
      ]),
    ).toEqual([
      ['THC', 5],
      ['SEGURO', 6],
    ]);
    expect(
      notIncluded(['Ocean freight 40HC USD 2,150.00 all in', 'THC at destination not included']),
    ).toEqual([['THC', 5]]);
    expect(notIncluded(['Frete 40HC USD 2.150,00', 'THC R$ 1.450,00 por conta do importador'])).toEqual([]);
    // The price and the exclusion on one line, in two sentences (QA pass 16).
    expect(
      notIncluded(['Frete 40HC USD 2.100,00 all in. Taxas de terminal no destino por conta do importador.']),
    ).toEqual([['THC', 4]]);
    expect(notIncluded(['Frete 40HC USD 2.150,00', 'Demais condições por conta do importador'])).toEqual([]);
  });
});
