import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';
import type { FinalData } from './types.js';

/*
 * QA pass 30, a quote from two ports of loading ("Shanghai, CN / Ningbo, CN") to Santos, 1 × 40HC:
 * (1) "Origem Shanghai: Frete USD 2.500,00 / 40HC" / "Origem Ningbo: Frete USD 2.350,00 / 40HC" gave two
 *     freights with no origin, so the comparison counted one;
 * (2) "Ex Shanghai: USD 2,450.00 per 40HC" / "Ex Ningbo: …" (and "From …", "Desde …", "POL …", "Shanghai –
 *     USD 2.500 / Ningbo – USD 2.350 (40HC)") were fees named "EX SHANGHAI", or Shanghai a port of discharge.
 *     Each price is now its origin's, as "Shanghai x Santos: USD 2.300,00/40HC" is read; a port of loading is
 *     a port abroad, and the ports of discharge named per line (per-line-ports.test.ts) keep working;
 * (3) German freight and condition words ("Seefracht … pro Container", "Laufzeit: 24 Tage", "Gültig bis
 *     31.12.2026", "Freie Tage: 14") were fees or unread.
 */

const freights = (f: FinalData) =>
  f.fretes.map((x) => [x.origem ?? null, x.destino, x.unidade, x.valor, x.moeda]);
const fees = (f: FinalData) => f.taxas.itens.map((x) => [x.nome, x.destino, x.valor, x.moeda]);
const ports = (f: FinalData) => f.porto_destino.map((p) => p.nome);

const TWO_ORIGINS = 'RE: Cotação 1x40HC Shanghai / Ningbo x Santos';
const NO_PORTS = 'RE: Cotação 1x40HC - ref. IMP-3011';

const reply = (lines: string[], subject = TWO_ORIGINS) =>
  extractFromText(
    [
      `Assunto: ${subject}`,
      'De: Carla Mendes <carla@maresul.com.br>',
      'Para: compras@importadora.com.br',
      'Data: 14/12/2026 10:20',
      '',
      'Prezada Ana,',
      '',
      'Segue nossa cotação:',
      '',
      ...lines,
      '',
      'Atenciosamente,',
      'Carla Mendes',
      'Mare Sul Logística',
    ].join('\n'),
  ).final;

const LOCAL = ['THC: BRL 1.400,00', 'BL fee: USD 60,00'];
const LOCAL_FEES = [
  ['THC', null, 1400, 'BRL'],
  ['BL FEE', null, 60, 'USD'],
];

/** The reference: one route per line, read per origin already. */
const routes = reply([
  'Shanghai x Santos: USD 2.500,00/40HC',
  'Ningbo x Santos: USD 2.350,00/40HC',
  ...LOCAL,
]);

describe('QA 30 (1): "Origem Shanghai: Frete USD … / 40HC", one line per origin', () => {
  it('the reference: "Shanghai x Santos: USD …/40HC" per line', () => {
    expect(freights(routes)).toEqual([
      ['Shanghai', null, '40HC', 2500, 'USD'],
      ['Ningbo', null, '40HC', 2350, 'USD'],
    ]);
  });

  it.each([
    [['Origem Shanghai: Frete USD 2.500,00 / 40HC', 'Origem Ningbo: Frete USD 2.350,00 / 40HC']],
    [['Origem: Shanghai - Frete USD 2.500,00 / 40HC', 'Origem: Ningbo - Frete USD 2.350,00 / 40HC']],
    [
      [
        'Porto de origem Shanghai: frete 40HC USD 2.500,00',
        'Porto de origem Ningbo: frete 40HC USD 2.350,00',
      ],
    ],
    [['Frete 40HC origem Shanghai: USD 2.500,00', 'Frete 40HC origem Ningbo: USD 2.350,00']],
  ])('%j: two freights, each its origin', (lines) => {
    for (const subject of [TWO_ORIGINS, NO_PORTS]) {
      const f = reply([...lines, ...LOCAL], subject);
      expect(freights(f)).toEqual(freights(routes));
      expect(fees(f)).toEqual(LOCAL_FEES);
      // A port of loading is never a port of discharge.
      expect(ports(f)).toEqual(subject === TWO_ORIGINS ? ['Santos'] : []);
    }
  });
});

describe('QA 30 (2): an origin written before each price ("Ex Shanghai: USD …")', () => {
  it.each([
    [['Ex Shanghai: USD 2,500.00 per 40HC', 'Ex Ningbo: USD 2,350.00 per 40HC']],
    [['Ex-Shanghai: USD 2.500,00/40HC', 'Ex-Ningbo: USD 2.350,00/40HC']],
    [['From Shanghai: USD 2,500.00 per 40HC', 'From Ningbo: USD 2,350.00 per 40HC']],
    [['Desde Shanghai: USD 2.500 por 40HC', 'Desde Ningbo: USD 2.350 por 40HC']],
    [['Saindo de Shanghai: USD 2.500,00/40HC', 'Saindo de Ningbo: USD 2.350,00/40HC']],
    [['POL Shanghai: USD 2.500,00/40HC', 'POL Ningbo: USD 2.350,00/40HC']],
    [['POL: Shanghai - USD 2.500,00/40HC', 'POL: Ningbo - USD 2.350,00/40HC']],
    [['Shanghai: USD 2.500,00/40HC', 'Ningbo: USD 2.350,00/40HC']],
    [['Shanghai – USD 2.500 / Ningbo – USD 2.350 (40HC)']],
    [['40HC: Shanghai USD 2.500,00 / Ningbo USD 2.350,00']],
    [['Ocean freight 40HC ex Shanghai USD 2,500.00; ex Ningbo USD 2,350.00']],
  ])('%j: each price its origin, as "Shanghai x Santos" per line', (lines) => {
    for (const subject of [TWO_ORIGINS, NO_PORTS]) {
      const f = reply([...lines, ...LOCAL], subject);
      expect(freights(f)).toEqual(freights(routes));
      expect(fees(f)).toEqual(LOCAL_FEES);
      expect(ports(f)).toEqual(subject === TWO_ORIGINS ? ['Santos'] : []);
    }
  });

  it.each([
    'Ex Shanghai: USD 2.450/40HC',
    'From Shanghai: USD 2,450.00 per 40HC',
    'POL Shanghai: USD 2.450,00/40HC',
    'Shanghai: USD 2.450,00/40HC',
  ])('"%s" alone: simply the freight', (line) => {
    const f = reply([line, ...LOCAL], 'RE: Cotação 1x40HC Shanghai x Santos');
    expect(freights(f).map((x) => x.slice(1))).toEqual([[null, '40HC', 2450, 'USD']]);
    expect([null, 'Shanghai']).toContain(freights(f)[0]?.[0]);
    expect(fees(f)).toEqual(LOCAL_FEES);
    expect(ports(f)).toEqual(['Santos']);
  });

  it.each([
    'Frete 40HC: USD 2.500,00 ex Shanghai / USD 2.350,00 ex Ningbo',
    'Frete 40HC: USD 2.500,00 (Shanghai) / USD 2.350,00 (Ningbo)',
  ])('"%s": the origin after each price', (line) => {
    const f = reply([line, ...LOCAL], NO_PORTS);
    expect(freights(f)).toEqual(freights(routes));
    expect(ports(f)).toEqual([]);
  });

  it('"Shanghai: 40HC USD … / 20DV USD …": each type of an origin its origin', () => {
    const f = reply([
      'Shanghai: 40HC USD 2.500,00 / 20DV USD 1.500,00',
      'Ningbo: 40HC USD 2.350,00 / 20DV USD 1.400,00',
    ]);
    expect(freights(f)).toEqual([
      ['Shanghai', null, '40HC', 2500, 'USD'],
      ['Shanghai', null, '20DC', 1500, 'USD'],
      ['Ningbo', null, '40HC', 2350, 'USD'],
      ['Ningbo', null, '20DC', 1400, 'USD'],
    ]);
  });

  it('"Shanghai / Ningbo: USD 2.500/40HC": one price for both origins, neither a port of discharge', () => {
    const f = reply(['Shanghai / Ningbo: USD 2.500,00/40HC', ...LOCAL], NO_PORTS);
    expect(freights(f)).toEqual([[null, null, '40HC', 2500, 'USD']]);
    expect(ports(f)).toEqual([]);
  });

  it('"Origem Shanghai: THC USD 150": the charge of the port of loading', () => {
    const f = reply(['Frete 40HC: USD 2.500,00', 'Origem Shanghai: THC USD 150,00', 'THC: BRL 1.400,00']);
    expect(f.taxas.itens.map((x) => [x.nome, x.lado ?? null, x.valor, x.moeda])).toEqual([
      ['THC', 'origem', 150, 'USD'],
      ['THC', null, 1400, 'BRL'],
    ]);
  });

  it('an origin and a port of discharge per line: both', () => {
    const f = reply(
      ['Ex Shanghai to Santos: USD 2,500.00 per 40HC', 'Ex Ningbo to Itapoá: USD 2,350.00 per 40HC'],
      NO_PORTS,
    );
    expect(freights(f)).toEqual([
      ['Shanghai', 'Santos', '40HC', 2500, 'USD'],
      ['Ningbo', 'Itapoá', '40HC', 2350, 'USD'],
    ]);
    const one = reply(['Ex Shanghai: USD 2.500,00/40HC to Santos; USD 2.450,00/40HC to Itapoá'], NO_PORTS);
    expect(freights(one)).toEqual([
      ['Shanghai', 'Santos', '40HC', 2500, 'USD'],
      ['Shanghai', 'Itapoá', '40HC', 2450, 'USD'],
    ]);
  });

  it('the Brazilian ports per line still read as this morning, the origin aside', () => {
    const f = reply(
      ['Frete 40HC Santos: USD 2.300,00', 'Frete 40HC Itapoá: USD 2.250,00', ...LOCAL],
      'RE: Cotação 1x40HC Shanghai x Santos / Itapoá',
    );
    expect(freights(f)).toEqual([
      [null, 'Santos', '40HC', 2300, 'USD'],
      [null, 'Itapoá', '40HC', 2250, 'USD'],
    ]);
  });

  it('fees that name a word before them stay fees ("Ex works", "Origin THC", "THC Shanghai")', () => {
    const f = reply(
      [
        'Frete 40HC: USD 2.500,00',
        'Ex works: USD 300,00',
        'Origin THC: USD 150,00',
        'THC Shanghai: USD 120,00',
        'THC: BRL 1.400,00',
      ],
      'RE: Cotação 1x40HC Shanghai x Santos',
    );
    expect(freights(f)).toEqual([[null, null, '40HC', 2500, 'USD']]);
    expect(fees(f).map((x) => x[0])).toEqual(['EX WORKS', 'THC', 'THC', 'THC']);
  });

  it('a transshipment port is no origin ("via Busan")', () => {
    const f = reply(['Frete 40HC via Busan: USD 2.500,00', ...LOCAL], 'RE: Cotação 1x40HC Shanghai x Santos');
    expect(freights(f)).toEqual([[null, null, '40HC', 2500, 'USD']]);
  });
});

describe('QA 30 (3): German freight and condition words', () => {
  const german = (lines: string[]) =>
    extractFromText(
      [
        'Sehr geehrte Frau Oliveira,',
        '',
        'anbei unser Angebot Hamburg - Santos:',
        '',
        ...lines,
        '',
        'Mit freundlichen Grüßen',
        'Hans Becker',
        'Nordsee Spedition GmbH',
      ].join('\n'),
    ).final;
  const read = (f: FinalData) => ({
    fretes: f.fretes.map((x) => [x.unidade, x.valor, x.moeda]),
    taxas: f.taxas.itens.map((x) => [x.nome, x.valor, x.moeda]),
    transit: f.transit_time_dias,
    validade: f.validadeProposta,
    freeTime: f.free_time_destino_dias,
  });

  it.each([
    ['Seefracht: EUR 1.900,00 pro Container'],
    ['Seefrachtrate: EUR 1.900,00 pro Container'],
    ['Frachtrate: EUR 1.900,00 pro Container'],
    ['Seefracht 40HC: EUR 1.900,00'],
  ])('"%s" is the ocean freight', (line) => {
    const f = german([
      'Container: 1 x 40HC',
      line,
      'THC: EUR 250,00 pro Container',
      'Laufzeit: 24 Tage',
      'Gültig bis 31.12.2026',
      'Freie Tage: 14',
    ]);
    expect(read(f)).toEqual({
      fretes: [['40HC', 1900, 'EUR']],
      taxas: [['THC', 250, 'EUR']],
      transit: 24,
      validade: '2026-12-31',
      freeTime: 14,
    });
  });

  it('"Gültigkeit: …", "Freizeit: 14 Tage", "Laufzeit: ca. 24 Tage"', () => {
    const f = german([
      'Seefracht 40HC: EUR 1.900,00',
      'Laufzeit: ca. 24 Tage',
      'Gültigkeit: 31.12.2026',
      'Freizeit: 14 Tage',
    ]);
    expect([f.transit_time_dias, f.validadeProposta, f.free_time_destino_dias]).toEqual([
      24,
      '2026-12-31',
      14,
    ]);
    expect(german(['Seefracht 40HC: EUR 1.900,00', 'Laufzeit: 24-28 Tage']).transit_time_dias).toBe(28);
    expect(german(['Seefracht 40HC: EUR 1.900,00', 'Laufzeit: 4 Wochen']).transit_time_dias).toBe(28);
  });

  it('"Luftfracht: EUR 3,20 pro kg" is the air freight', () => {
    const f = extractFromText(
      [
        'Hallo Ana,',
        '',
        'Frankfurt - Guarulhos:',
        'Luftfracht: EUR 3,20 pro kg',
        'Laufzeit: 3 Tage',
        '',
        'Gruß',
        'Hans',
      ].join('\n'),
    ).final;
    expect(f.fretes.map((x) => [x.unidade, x.valor, x.moeda])).toEqual([['KG', 3.2, 'EUR']]);
    expect(f.taxas.itens).toEqual([]);
    expect(f.transit_time_dias).toBe(3);
  });
});
