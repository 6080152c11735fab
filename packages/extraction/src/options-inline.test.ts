import { describe, expect, it } from 'vitest';
import { toCorpusFormat } from './corpus-format.js';
import { extractFromText } from './extract-text.js';

/*
 * Options written with their figures on the option's own line ("Opção 2: COSCO USD 2.750/40HC, 38 dias"),
 * one per line or all in one sentence (QA pass, high): the reply's figures are the recommended option's,
 * else the first's; the other option's figures are read neither as freight nor as fees.
 */
const mail = (body: string[]) =>
  toCorpusFormat(
    extractFromText(
      [
        'Subject: RE: cotação Shanghai x Santos',
        'From: pricing@forwarder.example',
        'Date: Tue, 1 Dec 2026 09:00:00 -0300',
        '',
        ...body,
        '',
        'Atenciosamente,',
        'Bruna',
      ].join('\n'),
    ),
  );
const frete = (r: ReturnType<typeof mail>) => r.frete.map((f) => [f.unidade, f.valor]);
const taxas = (r: ReturnType<typeof mail>) => r.taxas.map((t) => [t.nome, t.unidade, t.valor]);

function expectOption(
  r: ReturnType<typeof mail>,
  carrier: string,
  freight: number,
  days: number,
  fees: unknown[] = [],
) {
  expect(r.armador).toBe(carrier);
  expect(frete(r)).toEqual([['40HC', freight]]);
  expect(r.transit_time_dias).toEqual({ min: days, max: days });
  expect(taxas(r)).toEqual(fees);
}

describe('options written inline, each with its figures on its own header', () => {
  it('one sentence with two options and "Sugerimos a opção 2" reads option 2', () => {
    const r = mail([
      'Bom dia,',
      '',
      'Opção 1: MSC USD 2.900/40HC, 35 dias. Opção 2: COSCO USD 2.750/40HC, 38 dias. Sugerimos a opção 2.',
    ]);
    expectOption(r, 'COSCO', 2750, 38);
  });

  it('one option per line, then "Sugerimos a opção 2", reads option 2', () => {
    const r = mail([
      'Bom dia,',
      '',
      'Opção 1: MSC USD 2.900/40HC, 35 dias',
      'Opção 2: COSCO USD 2.750/40HC, 38 dias',
      'Sugerimos a opção 2.',
    ]);
    expectOption(r, 'COSCO', 2750, 38);
  });

  it('without a recommendation the first option is read, in either form', () => {
    const oneLine = mail([
      'Bom dia,',
      '',
      'Opção 1: MSC USD 2.900/40HC, 35 dias. Opção 2: COSCO USD 2.750/40HC, 38 dias.',
    ]);
    expectOption(oneLine, 'MSC', 2900, 35);
    const perLine = mail([
      'Bom dia,',
      '',
      'Opção 1: MSC USD 2.900/40HC, 35 dias',
      'Opção 2: COSCO USD 2.750/40HC, 38 dias',
    ]);
    expectOption(perLine, 'MSC', 2900, 35);
  });

  it('English: "Option 1: … Option 2: … We recommend option 2"', () => {
    const r = mail([
      'Hi Bruna,',
      '',
      'Option 1: MSC USD 2,900/40HC, 35 days. Option 2: COSCO USD 2,750/40HC, 38 days. We recommend option 2.',
    ]);
    expectOption(r, 'COSCO', 2750, 38);
  });

  it('Spanish, one per line: "Opción 1: … Opción 2: … Recomendamos la opción 2"', () => {
    const r = mail([
      'Estimada Bruna,',
      '',
      'Opción 1: MSC USD 2.900/40HC, 35 días',
      'Opción 2: COSCO USD 2.750/40HC, 38 días',
      'Recomendamos la opción 2.',
    ]);
    expectOption(r, 'COSCO', 2750, 38);
  });

  it('lettered options ("Opção A/B") with "Sugerimos a opção B"', () => {
    const r = mail([
      'Bom dia,',
      '',
      'Opção A: MSC USD 2.900/40HC, 35 dias. Opção B: COSCO USD 2.750/40HC, 38 dias.',
      '',
      'Sugerimos a opção B pelo frete menor.',
    ]);
    expectOption(r, 'COSCO', 2750, 38);
  });

  it('an option marked recommended in its own words is read; the shared fee line still counts', () => {
    const r = mail([
      'Bom dia,',
      '',
      'Opção 1: MSC USD 2.900/40HC, 35 dias. Opção 2: COSCO USD 2.750/40HC, 38 dias (recomendada).',
      'BL fee: USD 80,00 por BL',
    ]);
    expectOption(r, 'COSCO', 2750, 38, [['BL FEE', 'BL', 80]]);
  });
});

/*
 * Air and LCL options written inline (browser check): "Opção 2: Turkish USD 3,60/kg, 4 dias" was a fee named
 * "Turkish" per kg and no freight ("Frete não informado"). The carrier or airline named before an option's
 * price is its carrier, never a fee's name; the price is the freight at the basis written after it.
 */
const freteUnits = (r: ReturnType<typeof mail>) => r.frete.map((f) => [f.unidade, f.valor, f.moeda]);
const airFees = [
  ['FSC', 'KG', 0.85],
  ['AWB FEE', 'BL', 40],
  ['HANDLING', 'PROCESSO', 150],
];

describe('air and LCL options inline: the carrier before the price is no fee', () => {
  const airLines = (one: string, two: string, recommend: string) => [
    'Prezados,',
    '',
    one,
    two,
    recommend,
    '',
    'Fuel surcharge: USD 0,85/kg',
    'AWB fee: USD 40,00',
    'Handling destino: R$ 150,00',
  ];

  it('"Opção 2: Turkish USD 3,60/kg, 4 dias" recommended: a KG freight of Turkish, the fees as written', () => {
    const r = mail(
      airLines(
        'Opção 1: Lufthansa USD 3,90/kg, 2 dias.',
        'Opção 2: Turkish USD 3,60/kg, 4 dias.',
        'Sugerimos a opção 2.',
      ),
    );
    expect(freteUnits(r)).toEqual([['KG', 3.6, 'USD']]);
    expect(r.armador).toBe('Turkish');
    expect(r.transit_time_dias).toEqual({ min: 4, max: 4 });
    expect(taxas(r)).toEqual(airFees);
  });

  it('"via Lufthansa", "via Turkish": the carrier after "via" names the freight, not a fee nor nothing', () => {
    const r = mail(
      airLines(
        'Opção 1: via Lufthansa USD 3,90/kg, 2 dias.',
        'Opção 2: via Turkish USD 3,60/kg, 4 dias.',
        'Sugerimos a opção 2.',
      ),
    );
    expect(freteUnits(r)).toEqual([['KG', 3.6, 'USD']]);
    expect(r.armador).toBe('Turkish');
    expect(r.transit_time_dias).toEqual({ min: 4, max: 4 });
    expect(taxas(r)).toEqual(airFees);
    const first = mail(
      airLines(
        'Opção 1: via Lufthansa USD 3,90/kg, 2 dias.',
        'Opção 2: via Turkish USD 3,60/kg, 4 dias.',
        '',
      ),
    );
    expect(freteUnits(first)).toEqual([['KG', 3.9, 'USD']]);
    expect(first.armador).toBe('Lufthansa');
    expect(first.transit_time_dias).toEqual({ min: 2, max: 2 });
  });

  it('English: "Option 2: Turkish Cargo USD 3.60/kg, 4 days", and the airline named short', () => {
    const english = (two: string) =>
      mail([
        'Hi Bruna,',
        '',
        'Option 1: Lufthansa Cargo USD 3.90/kg, 2 days.',
        two,
        'We recommend option 2.',
        '',
        'Fuel surcharge: USD 0.85/kg',
        'AWB fee: USD 40.00',
      ]);
    for (const [two, carrier] of [
      ['Option 2: Turkish Cargo USD 3.60/kg, 4 days.', 'Turkish Cargo'],
      ['Option 2: Turkish USD 3.60/kg, 4 days.', 'Turkish'],
    ] as const) {
      const r = english(two);
      expect(freteUnits(r)).toEqual([['KG', 3.6, 'USD']]);
      expect(r.armador).toBe(carrier);
      expect(r.transit_time_dias).toEqual({ min: 4, max: 4 });
      expect(taxas(r)).toEqual([
        ['FSC', 'KG', 0.85],
        ['AWB FEE', 'BL', 40],
      ]);
    }
  });

  it('LCL: "Opção 2: CMA USD 42/W/M, 30 dias" is a W/M freight of CMA CGM, not a fee named "CMA"', () => {
    const r = mail([
      'Prezados,',
      '',
      'Opção 1: MSC USD 45/W/M, 35 dias.',
      'Opção 2: CMA USD 42/W/M, 30 dias.',
      'Sugerimos a opção 2.',
      '',
      'BL fee: USD 50,00',
    ]);
    expect(freteUnits(r)).toEqual([['WM', 42, 'USD']]);
    expect(r.armador).toBe('CMA');
    expect(r.transit_time_dias).toEqual({ min: 30, max: 30 });
    expect(taxas(r)).toEqual([['BL FEE', 'BL', 50]]);
  });

  it('an airline the dictionary does not know still prices its option: a freight, no fee', () => {
    const r = mail(
      airLines(
        'Opção 1: Lufthansa USD 3,90/kg, 2 dias.',
        'Opção 2: Saudia USD 3,60/kg, 4 dias.',
        'Sugerimos a opção 2.',
      ),
    );
    expect(freteUnits(r)).toEqual([['KG', 3.6, 'USD']]);
    expect(r.transit_time_dias).toEqual({ min: 4, max: 4 });
    expect(taxas(r)).toEqual(airFees);
  });
});
