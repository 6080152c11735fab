import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';
import type { FinalData } from './types.js';

/*
 * QA pass 37: replies as forwarders wrote them to a quote of 2 × 40HC, each read wrong before.
 */

const read = (text: string): FinalData =>
  extractFromText(text, { containers: ['40HC'], destinations: ['Santos, BR'] }).final;
const freights = (f: FinalData) => f.fretes.map((x) => [x.unidade, x.valor, x.moeda]);

describe('QA 37: a freight written as the total of the containers', () => {
  it.each([
    ['Ocean freight: USD 4,300.00 total for the 2 x 40HC', 2150],
    ['Frete marítimo: USD 4.300,00 total para os 2 x 40HC', 2150],
    ['Ocean freight USD 6.450,00 in total for 3 containers', 2150],
    ['Frete: USD 4.300,00 (total 2x40HC)', 2150],
  ])('"%s" is USD %d per container', (line, perContainer) => {
    const f = read(
      ['Hello,', '', 'Shanghai / Santos', line, 'THC: BRL 1.350,00 por cntr', '', 'BR,', 'Marina'].join('\n'),
    );
    expect(freights(f)).toEqual([['40HC', perContainer, 'USD']]);
  });

  it('a price per container and a total of one are as written', () => {
    expect(freights(read('Frete 40HC: USD 2.150,00 por contêiner\nTotal: USD 4.300,00'))[0]).toEqual([
      '40HC',
      2150,
      'USD',
    ]);
    expect(freights(read('Ocean freight: USD 2,150.00 total for 1 x 40HC'))).toEqual([['40HC', 2150, 'USD']]);
  });
});

describe('QA 37: fields on one line apart by a middle dot', () => {
  it('"TT 31 dias · Free time 21 dias · Validade 15/12/2026": transit 31, free time 21', () => {
    const f = read(
      [
        'Olá,',
        'Frete marítimo 40HC: USD 2.050,00 por cntr',
        'TT 31 dias · Free time 21 dias · Validade 15/12/2026',
      ].join('\n'),
    );
    expect([
      f.transit_time_min_dias,
      f.transit_time_max_dias,
      f.free_time_destino_dias,
      f.validadeProposta,
    ]).toEqual([31, 31, 21, '2026-12-15']);
  });

  it('a range of days stays a range: "Transit time 31-35 dias • Free time 14 dias"', () => {
    const f = read('Frete 40HC: USD 2.000,00\nTransit time 31-35 dias • Free time 14 dias');
    expect([f.transit_time_min_dias, f.transit_time_max_dias, f.free_time_destino_dias]).toEqual([
      31, 35, 14,
    ]);
  });
});

describe('QA 37: the transit of each port of loading', () => {
  const origins = (text: string) =>
    (read(text).origens ?? []).map((item) => [item.nome, item.transit_time_dias]);

  it('under a heading per origin, on a table row per origin, or on one line', () => {
    expect(
      origins(
        [
          'Prezados,',
          '',
          'Ningbo x Itajaí:',
          'Frete 40HC USD 2.000,00/cntr',
          'Transit time 35 dias',
          '',
          'Shanghai x Itajaí:',
          'Frete 40HC USD 2.250,00/cntr',
          'Transit time 31 dias',
          '',
          'Free time 14 dias.',
        ].join('\n'),
      ),
    ).toEqual([
      ['Ningbo', 35],
      ['Shanghai', 31],
    ]);
    expect(
      origins(
        [
          'Rates for 2x40HC, both loading ports:',
          '',
          'POL       | POD     | 40HC O/F (USD) | T/T',
          'Ningbo    | Itajaí  | 2,100.00       | 38 days',
          'Shanghai  | Itajaí  | 1,950.00       | 33 days',
        ].join('\n'),
      ),
    ).toEqual([
      ['Ningbo', 38],
      ['Shanghai', 33],
    ]);
    expect(
      origins(
        [
          'Frete marítimo 40HC para Itajaí:',
          '- ex Ningbo: USD 2.300,00/cntr',
          '- ex Shanghai: USD 2.050,00/cntr',
          'TT: Ningbo 36 dias / Shanghai 30 dias.',
        ].join('\n'),
      ),
    ).toEqual([
      ['Ningbo', 36],
      ['Shanghai', 30],
    ]);
  });

  it('one origin, or one transit for both: nothing per origin', () => {
    expect(read('Frete 40HC Shanghai x Santos: USD 2.000,00\nTransit time 32 dias').origens).toBeUndefined();
    expect(
      read(
        ['- ex Ningbo: USD 2.300,00/cntr', '- ex Shanghai: USD 2.050,00/cntr', 'Transit time: 32 dias'].join(
          '\n',
        ),
      ).origens,
    ).toBeUndefined();
  });
});

describe('QA 37: a description table with the days in the value column', () => {
  it('"Transit time | | 34 dias" under "Item | Moeda | Valor" is the transit, not an unread charge', () => {
    const f = read(
      [
        'Prezados,',
        '',
        'Item\tMoeda\tValor',
        'Frete marítimo 40HC\tUSD\t2888',
        'Taxas locais\tBRL\t1888',
        'Transit time\t\t34 dias',
        'Free time\t\t18 dias',
        'Validade\t\t31/12/2026',
      ].join('\n'),
    );
    expect([f.transit_time_dias, f.free_time_destino_dias, f.validadeProposta]).toEqual([
      34,
      18,
      '2026-12-31',
    ]);
    expect(freights(f)).toEqual([['40HC', 2888, 'USD']]);
  });
});

describe('QA 38: two container types on one freight line, each price per container', () => {
  it.each([
    'Frete: 40HC USD 3.100,00/cntr | 20DC USD 1.800,00/cntr',
    'Frete 40HC USD 3.100,00/cntr e 20DC USD 1.800,00/cntr',
    'Frete: 40HC USD 3.100,00 por cntr / 20DC USD 1.800,00 por cntr',
  ])('"%s": 40HC 3.100 and 20DC 1.800 (the 40HC was read as a second 20DC)', (line) => {
    const f = extractFromText(['Prezados,', '', line, 'THC: R$ 1.500,00/cntr', '', 'Att'].join('\n'), {
      containers: ['40HC', '20DC'],
      destinations: ['Itapoá, BR'],
    }).final;
    expect(freights(f)).toEqual([
      ['40HC', 3100, 'USD'],
      ['20DC', 1800, 'USD'],
    ]);
  });

  it('"USD 1.200 por contenedor de 20\'": the type after the basis is still its own', () => {
    const f = read('Flete: USD 1.200 por contenedor de 40HC');
    expect(freights(f)).toEqual([['40HC', 1200, 'USD']]);
  });
});
