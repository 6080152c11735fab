import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';

/*
 * QA pass 17 (a wrong total in the product): a reply that prices each port on its own line,
 * "Santos: USD 1.900,00 / 20DV | USD 3.150,00 / 40HC", was read as a per-BL freight of 1.900 and a 20DV of
 * 3.150, with the 40HC missing: a spaced slash before an equipment was taken for a separator between two
 * prices ("USD 1,980 / 40HQ USD 2,950"), so each equipment labelled the amount after it.
 */
const reply = `Boa tarde,

Segue nossa cotação Shanghai x Brasil:

Santos: USD 1.900,00 / 20DV | USD 3.150,00 / 40HC
Paranaguá: USD 2.000,00 / 20DV | USD 3.300,00 / 40HC

Transit time: 32 dias
Validade: 31/12/2026

Att,
João
`;

const freights = (text: string) =>
  extractFromText(text)
    .final.fretes.map((f) => [f.destino, f.unidade, f.valor, f.moeda])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[2]) - Number(b[2]));

describe('QA pass 17: "<amount> / <container type>" pairs separated by "|"', () => {
  it('prices each port with its own 20DV and 40HC', () => {
    expect(freights(reply)).toEqual([
      ['Paranaguá', '20DC', 2000, 'USD'],
      ['Paranaguá', '40HC', 3300, 'USD'],
      ['Santos', '20DC', 1900, 'USD'],
      ['Santos', '40HC', 3150, 'USD'],
    ]);
  });

  it('reads the line alone too (the bar is not a table then)', () => {
    const one =
      'Boa tarde,\n\nSantos: USD 1.900,00 / 20DV | USD 3.150,00 / 40HC\nValidade: 31/12/2026\n\nAtt,\nJoão\n';
    expect(freights(one).map((f) => [f[1], f[2]])).toEqual([
      ['20DC', 1900],
      ['40HC', 3150],
    ]);
  });

  it('still reads "20GP USD 1,980.00 / 40HQ USD 2,950.00" as two prices', () => {
    const got = freights('Dear,\n\nO/F: 20GP USD 1,980.00 / 40HQ USD 2,950.00\n\nRegards\n');
    expect(got.map((f) => [f[1], f[2]])).toEqual([
      ['20DC', 1980],
      ['40HC', 2950],
    ]);
  });
});
