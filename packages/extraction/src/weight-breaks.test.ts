import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';
import { breakLowerKg, readBreakLabel } from './normalise/weight-breaks.js';

/*
 * Air weight breaks (QA pass): one KG rate per band, the M/minimum cell the minimum of every band (corpus
 * README rule 7), and each rate with the lower bound of its band (`faixaKg`) so the comparison prices the
 * band of the chargeable weight.
 */
const replyPt = (...rates: string[]) =>
  [
    'From: Carla Mendes <carla@aerolog-cargo.com.br>',
    'Subject: Re: Cotação aérea FRA-VCP - COT-2026-0142',
    '',
    'Prezada Fernanda,',
    '',
    'Segue nossa cotação para o embarque aéreo Frankfurt - Viracopos, Lufthansa Cargo, voo direto.',
    '',
    ...rates,
    '',
    'Fuel surcharge: USD 0,85/kg',
    'Security surcharge: USD 0,15/kg',
    'Taxa AWB: USD 35,00 por embarque',
    '',
    'Validade: 31/12/2026',
    '',
    'Atenciosamente,',
    'Carla Mendes',
    'AeroLog Cargo',
  ].join('\n');

const replyEn = (...rates: string[]) =>
  [
    'From: John Miller <john@skybridge-freight.com>',
    'Subject: RE: Air quote FRA-VCP / REQ-2026-0142',
    '',
    'Dear Fernanda,',
    '',
    'Please find our air freight offer Frankfurt - Viracopos, Lufthansa Cargo, direct flight.',
    '',
    ...rates,
    '',
    'Fuel surcharge: USD 0.85/kg',
    'Security surcharge: USD 0.15/kg',
    'AWB fee: USD 35.00 per shipment',
    '',
    'Validity: Dec 31, 2026',
    '',
    'Best regards,',
    'John Miller',
    'SkyBridge Freight',
  ].join('\n');

const bands = (text: string) =>
  extractFromText(text).final.fretes.map((f) => [f.unidade, f.valor, f.minimo, f.faixaKg]);

const FIVE_BANDS = [
  ['KG', 7.1, 95, 0],
  ['KG', 5.6, 95, 45],
  ['KG', 4.35, 95, 100],
  ['KG', 3.9, 95, 300],
  ['KG', 3.45, 95, 500],
];

describe('a weight-break list on one line', () => {
  it.each([
    [
      'pt, label before the list',
      'Frete aéreo FRA-VCP (USD/kg): M 95,00 / -45 7,10 / +45 5,60 / +100 4,35 / +300 3,90 / +500 3,45',
    ],
    [
      'pt, ";" between the breaks',
      'Frete aéreo (USD/kg): Mín. 95,00; -45 7,10; +45 5,60; +100 4,35; +300 3,90; +500 3,45',
    ],
  ])('%s: the M cell is the minimum of each band, band labels are no rates', (_, line) => {
    expect(bands(replyPt(line))).toEqual(FIVE_BANDS);
  });

  it.each([
    [
      'en, label before the list',
      'Air freight (USD/kg): M 95.00 / -45 7.10 / +45 5.60 / +100 4.35 / +300 3.90 / +500 3.45',
    ],
    [
      'en, "|" between the breaks',
      'Air freight (USD/kg): Min. 95.00 | -45 7.10 | +45 5.60 | +100 4.35 | +300 3.90 | +500 3.45',
    ],
  ])('%s: the M cell is the minimum of each band, band labels are no rates', (_, line) => {
    expect(bands(replyEn(line))).toEqual(FIVE_BANDS);
  });

  it('en, no label on the list line: each rate with its band', () => {
    expect(
      bands(
        replyEn(
          'Rates (USD/kg):',
          'MIN 95 / -45kg 7.10 / +45kg 5.60 / +100kg 4.35 / +300kg 3.90 / +500kg 3.45',
        ),
      ),
    ).toEqual(FIVE_BANDS);
  });

  it('pt, no label on the list line and a "Mínimo" cell: each rate with its band', () => {
    expect(
      bands(
        replyPt(
          'Tarifas (USD/kg):',
          'Mínimo 95,00 / -45kg 7,10 / +45kg 5,60 / +100kg 4,35 / +300kg 3,90 / +500kg 3,45',
        ),
      ),
    ).toEqual(FIVE_BANDS);
  });

  it('en, IATA labels (N, Q45 …) and ranges with the minimum after the list', () => {
    expect(
      bands(replyEn('Air freight (USD/kg): N 7.10 / Q45 5.60 / Q100 4.35 / Q300 3.90 / Q500 3.45 / M 95.00')),
    ).toEqual(FIVE_BANDS);
    expect(
      bands(
        replyEn(
          'Rate per kg: up to 45 kg USD 7.10 / 45-99 kg USD 5.60 / 100-299 kg USD 4.35 / 300-499 kg USD 3.90 / 500 kg+ USD 3.45 (min USD 95)',
        ),
      ),
    ).toEqual(FIVE_BANDS);
  });

  it('two bands at the same rate are two bands', () => {
    expect(
      bands(
        replyPt('Frete aéreo (USD/kg): M 95,00 / -45 7,10 / +45 5,60 / +100 5,60 / +300 3,90 / +500 3,45'),
      ),
    ).toEqual([
      ['KG', 7.1, 95, 0],
      ['KG', 5.6, 95, 45],
      ['KG', 5.6, 95, 100],
      ['KG', 3.9, 95, 300],
      ['KG', 3.45, 95, 500],
    ]);
  });
});

describe('a weight-break table', () => {
  it('en, one band per row', () => {
    expect(
      bands(
        replyEn(
          'Weight break        Rate (USD/kg)',
          'M (minimum)         95.00',
          '-45 kg              7.10',
          '+45 kg              5.60',
          '+100 kg             4.35',
          '+300 kg             3.90',
          '+500 kg             3.45',
        ),
      ),
    ).toEqual(FIVE_BANDS);
  });

  it('pt, one band per row ("Até 45 kg" is the first band)', () => {
    expect(
      bands(
        replyPt(
          'Faixa de peso        USD/kg',
          'Mínimo               95,00',
          'Até 45 kg            7,10',
          '+45 kg               5,60',
          '+100 kg              4,35',
          '+300 kg              3,90',
          '+500 kg              3,45',
        ),
      ),
    ).toEqual(FIVE_BANDS);
  });

  it('en, one band per column', () => {
    expect(
      bands(
        replyEn(
          'Weight break   Min      -45 kg    +45 kg    +100 kg    +300 kg    +500 kg',
          'USD/kg         95.00    7.10      5.60      4.35       3.90       3.45',
        ),
      ),
    ).toEqual(FIVE_BANDS);
  });

  it('pt, one band per column', () => {
    expect(
      bands(
        replyPt(
          'Tarifas (USD/kg)',
          'Mín.      -45 kg    +45 kg    +100 kg    +300 kg    +500 kg',
          '95,00     7,10      5,60      4,35       3,90       3,45',
        ),
      ),
    ).toEqual(FIVE_BANDS);
  });

  it('pt, one band per line without a header, "-45" alone is a band, not an amount', () => {
    expect(
      bands(
        replyPt(
          'Frete aéreo (USD/kg):',
          'Mínimo 95,00',
          '-45     7,10',
          '+45     5,60',
          '+100    4,35',
          '+300    3,90',
        ),
      ),
    ).toEqual(FIVE_BANDS.slice(0, 4));
  });
});

describe('the bands on one line, the rates on the next', () => {
  it('pt, minimum on the line below', () => {
    expect(
      bands(
        replyPt(
          'Faixas de peso: -45 / +45 / +100 / +300 / +500',
          'Frete aéreo (USD/kg): 7,10 / 5,60 / 4,35 / 3,90 / 3,45',
          'Mínimo: USD 95,00',
        ),
      ),
    ).toEqual(FIVE_BANDS);
  });

  it('en, the M cell among the bands', () => {
    expect(
      bands(
        replyEn(
          'Weight breaks: M / -45 / +45 / +100 / +300 / +500',
          'Rates (USD/kg): 95.00 / 7.10 / 5.60 / 4.35 / 3.90 / 3.45',
        ),
      ),
    ).toEqual(FIVE_BANDS);
  });

  it('en, the minimum in the line introducing the list', () => {
    expect(
      bands(
        replyEn(
          'Air freight (USD/kg), minimum USD 95.00:',
          'Weight breaks: -45 / +45 / +100 / +300 / +500',
          'Rates: 7.10 / 5.60 / 4.35 / 3.90 / 3.45',
        ),
      ),
    ).toEqual(FIVE_BANDS);
  });
});

describe('band labels', () => {
  it('give the lower bound of the band in kg, the minimum none', () => {
    const first = ['-45', '<45', 'N', 'Normal', 'até 45', 'Até 45 kg', 'up to 45', '-45 kg', '0-45'];
    const from45 = [
      '+45',
      '>45',
      '45+',
      '45kg+',
      'Q45',
      'mais de 45',
      'over 45',
      '45-99',
      '+45 kgs',
      '45 - 99 kg',
    ];
    for (const label of first) expect([label, breakLowerKg(label)]).toEqual([label, 0]);
    for (const label of from45) expect([label, breakLowerKg(label)]).toEqual([label, 45]);
    expect(breakLowerKg('+100')).toBe(100);
    expect(breakLowerKg('+1000kg')).toBe(1000);
    for (const label of ['M', 'MIN', 'Min.', 'Mínimo', 'Minimum', 'M (minimum)'])
      expect([label, readBreakLabel(label)]).toEqual([label, { kind: 'minimum' }]);
    // A bare number, a volume or a word is no band.
    for (const label of ['45', '100 kg', '-5 cbm', '+45 dias', 'THC', '7,10'])
      expect([label, readBreakLabel(label)]).toEqual([label, null]);
  });
});
