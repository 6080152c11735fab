import { describe, expect, it } from 'vitest';
import { keepsTheRest } from './blocks/segment.js';
import { extractFromText } from './extract-text.js';
import type { FinalData } from './types.js';

/*
 * QA pass 33: replies written as forwarders write them, to a quote of 2 × 20DV + 1 × 40HC Shanghai → Santos
 * (FCL) and of 2 m³ / 4.500 kg (LCL). Each block is one thing the engine read wrong.
 */

const FCL = { containers: ['20DV', '40HC'], destinations: ['Santos, BR'] } as const;
const read = (text: string, fcl = true): FinalData =>
  extractFromText(text, fcl ? { containers: [...FCL.containers], destinations: [...FCL.destinations] } : {})
    .final;
const freights = (f: FinalData) => f.fretes.map((x) => [x.unidade, x.valor, x.moeda]);
const fees = (f: FinalData) =>
  f.taxas.itens.map((x) => [x.nome, x.unidade, x.valor, x.moeda, x.equipamento ?? null]);
const labels = (f: FinalData) => f.taxas.itens.map((x) => [x.nome, x.rotulo]);

const email = (...body: string[]) =>
  ['Prezados,', '', ...body, '', 'Atenciosamente,', 'Carla Mendes', 'Atlântico Logística Internacional'].join(
    '\n',
  );

describe('QA 33 (1): container types as rows, charges as columns', () => {
  const FCL_A = [
    'Prezados, boa tarde.',
    '',
    'Segue nossa cotação para o processo QA33-FCL-MIX, Shanghai x Santos, FOB:',
    '',
    '| Equipamento | Frete marítimo (USD) | THC Santos (BRL/cntr) |',
    '|-------------|----------------------|-----------------------|',
    '| 20DV        | 1.250,00             | 1.100,00              |',
    '| 40HC        | 2.150,00             | 1.400,00              |',
    '',
    'BL fee: USD 75,00 por BL',
    'ISPS: USD 35,00 por contêiner',
    'Transit time: 32 dias',
    'Free time: 14 dias no destino',
    'Validade: 31/12/2026',
    '',
    'Atenciosamente,',
    'Carla Mendes',
    'Atlântico Logística Internacional',
  ].join('\n');

  it('the markdown table of the reply: each THC cell is its row’s type, as the freight cell is', () => {
    const f = read(FCL_A);
    expect(freights(f)).toEqual([
      ['20DC', 1250, 'USD'],
      ['40HC', 2150, 'USD'],
    ]);
    expect(fees(f)).toEqual([
      ['THC', 'CNTR', 1100, 'BRL', '20DC'],
      ['THC', 'CNTR', 1400, 'BRL', '40HC'],
      ['BL FEE', 'BL', 75, 'USD', null],
      ['ISPS', 'CNTR', 35, 'USD', null],
    ]);
  });

  it.each([
    [
      '| Tipo | Frete (USD) | THC (BRL/cntr) |',
      '|---|---|---|',
      '| 20DV | 1.250,00 | 1.100,00 |',
      '| 40HC | 2.150,00 | 1.400,00 |',
    ],
    [
      'Tipo      Frete (USD)     THC (BRL/cntr)',
      '20DV      1.250,00        1.100,00',
      '40HC      2.150,00        1.400,00',
    ],
  ])('the same with "Tipo" and a table of spaces (%s)', (...table) => {
    const f = read(email(...table));
    expect(freights(f)).toEqual([
      ['20DC', 1250, 'USD'],
      ['40HC', 2150, 'USD'],
    ]);
    expect(fees(f)).toEqual([
      ['THC', 'CNTR', 1100, 'BRL', '20DC'],
      ['THC', 'CNTR', 1400, 'BRL', '40HC'],
    ]);
  });

  it('a table of spaces whose cells do not line up under their titles', () => {
    const f = read(
      email(
        'Equipamento   Frete marítimo (USD)   THC Santos (BRL/cntr)   BL fee (USD)',
        '20DV   1.250,00   1.100,00   75,00',
        '40HC   2.150,00   1.400,00   75,00',
      ),
    );
    expect(freights(f)).toEqual([
      ['20DC', 1250, 'USD'],
      ['40HC', 2150, 'USD'],
    ]);
    expect(fees(f)).toEqual([
      ['THC', 'CNTR', 1100, 'BRL', '20DC'],
      ['BL FEE', 'BL', 75, 'USD', null],
      ['THC', 'CNTR', 1400, 'BRL', '40HC'],
    ]);
  });

  it('a per-BL charge in a column stays one charge per BL', () => {
    const f = read(
      email(
        '| Tipo | Frete (USD) | BL fee (USD) |',
        '|---|---|---|',
        '| 20DV | 1.250,00 | 75,00 |',
        '| 40HC | 2.150,00 | 75,00 |',
      ),
    );
    expect(fees(f)).toEqual([['BL FEE', 'BL', 75, 'USD', null]]);
  });
});

describe('QA 33 (2): slash lists with the currency repeated, sizes of the quote', () => {
  const FCL2_C = [
    'Boa tarde,',
    '',
    "Frete 20'/40': USD 1.150 / USD 2.050",
    "THC: BRL 1.100 / 1.400 por contêiner (20'/40')",
    "BL fee: USD 50 (20') / USD 60 (40')",
    'TT 36 dias, free time 7 dias',
    'Validade 20/12/2026',
    '',
    'Abs,',
    'Rafael',
    'Navegação Pacífico Cargas',
  ].join('\n');

  it('"Frete 20\'/40\': USD 1.150 / USD 2.050" is 20DV 1.150 and 40HC 2.050; the THC is one per size', () => {
    const f = read(FCL2_C);
    expect(freights(f)).toEqual([
      ['20DC', 1150, 'USD'],
      ['40HC', 2050, 'USD'],
    ]);
    expect(fees(f)).toEqual([
      ['THC', 'CNTR', 1100, 'BRL', '20DC'],
      ['THC', 'CNTR', 1400, 'BRL', "40'"],
      ['BL FEE', 'BL', 50, 'USD', '20DC'],
      ['BL FEE', 'BL', 60, 'USD', "40'"],
    ]);
  });

  it.each([
    ["Frete 20'/40': USD 1.150 / 2.050"],
    ['Frete 20DV/40HC: USD 1.150 / USD 2.050'],
    ["Frete: USD 1.150 / USD 2.050 (20'/40')"],
  ])('%s', (line) => {
    expect(freights(read(email(line)))).toEqual([
      ['20DC', 1150, 'USD'],
      ['40HC', 2050, 'USD'],
    ]);
  });

  it.each([["THC: BRL 1.100 / BRL 1.400 por contêiner (20'/40')"], ["THC: BRL 1.100 / 1.400 (20'/40')"]])(
    '%s',
    (line) => {
      expect(fees(read(email(line)))).toEqual([
        ['THC', 'CNTR', 1100, 'BRL', '20DC'],
        ['THC', 'CNTR', 1400, 'BRL', "40'"],
      ]);
    },
  );

  it("a bare 40' of a quote asking 40HC is the 40HC, not also a 40DC", () => {
    const f = read(
      email(
        "Frete marítimo Shanghai x Santos 20'/40': USD 1.200 / 2.100",
        "THC Santos: 20' BRL 1.100 / 40' BRL 1.400",
      ),
    );
    expect(freights(f)).toEqual([
      ['20DC', 1200, 'USD'],
      ['40HC', 2100, 'USD'],
    ]);
  });

  it("without the quote’s types a bare 40' still prices both kinds", () => {
    const f = read(email("Frete 20'/40': USD 1.200 / 2.100"), false);
    expect(freights(f)).toEqual([
      ['20DC', 1200, 'USD'],
      ['40DC', 2100, 'USD'],
      ['40HC', 2100, 'USD'],
    ]);
  });
});

describe('QA 33 (3): freight and fees in one English sentence', () => {
  it('"THC BRL 1,100 per 20\' and BRL 1,400 per 40\'" inside the sentence is a THC for each size', () => {
    const f = read(
      [
        'Hi team,',
        '',
        "We can offer O/F USD 1,250 per 20' and USD 2,150 per 40'HC, THC BRL 1,100 per 20' and BRL 1,400 per 40', BL fee USD 50 per BL.",
        'T/T 31 days, 10 days free time at destination. Rates valid until Dec 31, 2026.',
        '',
        'Best regards,',
        'John Lee',
        'Maré Alta Comércio Exterior',
      ].join('\n'),
    );
    expect(freights(f)).toEqual([
      ['20DC', 1250, 'USD'],
      ['40HC', 2150, 'USD'],
    ]);
    expect(fees(f)).toEqual([
      ['THC', 'CNTR', 1100, 'BRL', '20DC'],
      ['THC', 'CNTR', 1400, 'BRL', "40'"],
      ['BL FEE', 'BL', 50, 'USD', null],
    ]);
  });
});

describe('QA 33 (4): "all in" on the heading over the prices', () => {
  const ALL_IN = /\bALL[\s-]*IN\b/i;
  it('"tarifa all in (incluye THC destino y BL):" then "USD 1.600 / 2.650 (20DV/40HC)"', () => {
    const f = read(
      [
        'Hola,',
        '',
        'Ningbo - Santos, tarifa all in (incluye THC destino y BL):',
        'USD 1.600 / 2.650 (20DV/40HC)',
        'Tránsito 33 días, 14 días libres.',
        'Validez: 31/12/2026',
        '',
        'Saludos,',
        'Marta Ruiz',
        'Rota Sul Freight Forwarding',
      ].join('\n'),
    );
    expect(freights(f)).toEqual([
      ['20DC', 1600, 'USD'],
      ['40HC', 2650, 'USD'],
    ]);
    // The comparison tells an all-in price by its label or its line (shared/comparison/all-in.ts).
    for (const frete of f.fretes) expect(ALL_IN.test(frete.rotulo ?? '')).toBe(true);
  });

  it('a table under an all-in heading, two columns "| Tipo | Frete (USD) |"', () => {
    const f = read(
      email(
        'Tarifa all in (inclui THC e BL):',
        '| Tipo | Frete (USD) |',
        '|---|---|',
        '| 20DV | 1.600,00 |',
        '| 40HC | 2.650,00 |',
      ),
    );
    expect(freights(f)).toEqual([
      ['20DC', 1600, 'USD'],
      ['40HC', 2650, 'USD'],
    ]);
    for (const frete of f.fretes) expect(ALL_IN.test(frete.rotulo ?? '')).toBe(true);
  });

  it('a heading without "all in" marks nothing', () => {
    const f = read(email('Frete Ningbo - Santos:', 'USD 1.600 / 2.650 (20DV/40HC)'));
    for (const frete of f.fretes) expect(ALL_IN.test(frete.rotulo ?? '')).toBe(false);
  });
});

describe('QA 33 (5): LCL per m³ or per ton, whichever is greater', () => {
  it.each([
    ['Ocean freight: USD 38.00 per cbm / USD 55.00 per ton, whichever is greater, min 2 cbm'],
    ['Frete: USD 38,00 por m³ / USD 55,00 por tonelada, o que for maior, mínimo 2 m³'],
    ['Flete: USD 38,00 por m³ / USD 55,00 por tonelada, lo que sea mayor, mínimo 2 m³'],
  ])('%s: two lines, the greater counts, the minimum is 2 m³ at the m³ rate', (line) => {
    const f = read(email('LCL Shanghai - Santos:', '', line, 'Doc fee: USD 40.00 per BL'), false);
    expect(f.fretes.map((x) => [x.unidade, x.valor, x.moeda, x.minimo])).toEqual([
      ['M3', 38, 'USD', 76],
      ['TON', 55, 'USD', 76],
    ]);
    const [perM3, perTon] = f.fretes;
    expect(perM3?.oQueForMaior).toBeDefined();
    expect(perTon?.oQueForMaior).toBe(perM3?.oQueForMaior);
  });

  it('the ton price first, a minimum amount', () => {
    const f = read(
      email('Ocean freight: USD 55.00 per ton / USD 38.00 per cbm, whichever is greater, min USD 90'),
      false,
    );
    expect(f.fretes.map((x) => [x.unidade, x.valor, x.minimo])).toEqual([
      ['TON', 55, 90],
      ['M3', 38, 90],
    ]);
    expect(f.fretes[0]?.oQueForMaior).toBe(f.fretes[1]?.oQueForMaior);
  });

  it('one rate "por m³ ou tonelada, o que for maior" stays W/M', () => {
    const f = read(email('Frete: USD 40,00 por m³ ou tonelada, o que for maior (mín. 1 m³)'), false);
    expect(f.fretes.map((x) => [x.unidade, x.valor, x.minimo, x.oQueForMaior ?? null])).toEqual([
      ['WM', 40, 40, null],
    ]);
  });
});

describe('QA 33 (6): desova is its own charge', () => {
  it('"Desova: R$ 60,00/m³ (mín. R$ 300,00)" beside "Liberação de BL"', () => {
    const f = read(
      [
        'Bom dia,',
        '',
        'Frete LCL Shanghai x Santos: USD 30,00 W/M, mínimo USD 150,00',
        'Taxas na origem: incluídas no frete',
        '',
        'Taxas no destino:',
        '- Desova: R$ 60,00/m³ (mín. R$ 300,00)',
        '- Liberação de BL: R$ 250,00 por BL',
        '',
        'Transit time 40 dias',
        'Validade 15/12/2026',
        '',
        'Abs,',
        'Rafael',
        'Navegação Pacífico Cargas',
      ].join('\n'),
      false,
    );
    expect(
      f.taxas.itens.map((x) => [x.nome, x.rotulo, x.unidade, x.valor, x.moeda, x.minimo ?? null]),
    ).toEqual([
      ['DESOVA', 'Desova', 'M3', 60, 'BRL', 300],
      ['BL FEE', 'Liberação de BL', 'BL', 250, 'BRL', null],
    ]);
  });

  it('desova and desconsolidação in one reply are two charges', () => {
    const f = read(
      email(
        'Frete: R$ 320,00 por m³',
        'Taxa de desova: R$ 95,00 por m³',
        'Desconsolidação: R$ 380,00 por BL',
      ),
      false,
    );
    expect(fees(f)).toEqual([
      ['DESOVA', 'M3', 95, 'BRL', null],
      ['DESCONSOLIDACAO', 'BL', 380, 'BRL', null],
    ]);
  });

  it('"Unstuffing at destination" is desova; "CFS charges" stays CFS', () => {
    const f = read(
      email(
        'Ocean freight: USD 45.00 W/M',
        'CFS charges: USD 12.00 per cbm',
        'Unstuffing at destination: BRL 280.00 per BL',
      ),
      false,
    );
    expect(fees(f)).toEqual([
      ['CFS', 'M3', 12, 'USD', null],
      ['DESOVA', 'BL', 280, 'BRL', null],
    ]);
  });
});

describe('QA 33 (7): a fee named inside the carrier’s sentence', () => {
  it.each([
    [
      'Conseguimos reduzir o BL fee para USD 40,00 e o THC destino para R$ 1.300,00 por contêiner; demais condições mantidas.',
      [
        ['BL FEE', 'BL fee'],
        ['THC', 'THC destino'],
      ],
    ],
    ['We can reduce the THC to USD 100 per container', [['THC', 'THC']]],
    ['Conseguimos reduzir o THC para R$ 1.300,00', [['THC', 'THC']]],
    ['Podemos baixar a taxa de BL para USD 45,00', [['BL FEE', 'taxa de BL']]],
    ['Podemos reducir el THC destino a USD 120 por contenedor', [['THC', 'THC destino']]],
  ])('%s', (line, expected) => {
    expect(labels(read(email(line)))).toEqual(expected);
  });

  it('the values stay', () => {
    const f = read(
      email(
        'Conseguimos reduzir o BL fee para USD 40,00 e o THC destino para R$ 1.300,00 por contêiner; demais condições mantidas.',
      ),
    );
    expect(fees(f)).toEqual([
      ['BL FEE', 'BL', 40, 'USD', null],
      ['THC', 'CNTR', 1300, 'BRL', null],
    ]);
    expect(f.condicoesMantidas).toBeDefined();
  });
});

describe('QA 33 (8): "the rest as per our previous offer"', () => {
  it.each([
    ['All other charges as per our previous offer.'],
    ['Other charges as per our previous quotation.'],
    ['Demais taxas conforme nossa proposta anterior.'],
    ['Demás gastos según nuestra oferta anterior.'],
  ])('%s keeps the rest of the offer', (line) => {
    expect(keepsTheRest(line)).toBe(true);
    const f = read(email('Frete 40HC: USD 2.000,00', line));
    expect(f.condicoesMantidas?.text).toBe(line);
  });

  // QA pass 37: a revision's freight and "the rest as before" on one line lost every fee and the 20DC freight.
  it.each([
    ['We can improve ocean freight 40HC to USD 1.900, other charges as before.'],
    ['Frete 40HC revisado para USD 1.900,00; demais taxas continuam valendo.'],
    ['Other charges still apply.'],
    ['Los demás cargos igual que antes.'],
  ])('%s keeps the rest of the offer', (line) => {
    expect(keepsTheRest(line)).toBe(true);
    expect(read(email('Frete 40HC: USD 1.900,00', line)).condicoesMantidas?.text).toBe(line);
  });

  // QA pass 40b: "demais valores inalterados" and its kin lost the 20' freight and every fee of version 1.
  it.each([
    ['Revisamos: frete agora USD 2.200 por 40HC, demais valores inalterados.'],
    ['Restante inalterado.'],
    ['O resto continua igual.'],
    ['Demais itens sem mudança.'],
    ['Demais taxas iguais.'],
    ['Restante mantido conforme enviado.'],
  ])('%s keeps the rest of the offer', (line) => {
    expect(keepsTheRest(line)).toBe(true);
    expect(read(email('Frete 40HC: USD 2.200,00', line)).condicoesMantidas?.text).toBe(line);
  });

  it.each([['Taxas iguais para 20 e 40 pés: THC R$ 1.350,00.'], ['Free time: 14 dias (mantido).']])(
    '%s does not',
    (line) => {
      expect(keepsTheRest(line)).toBe(false);
    },
  );

  it('"as per our previous e-mail" alone says nothing of the charges', () => {
    expect(keepsTheRest('As per our previous e-mail, please find the rates below.')).toBe(false);
  });
});

describe('QA 33 (9): an exclusion is not part of the fee’s name', () => {
  it('"Excepto THC destino: BRL 1.100 (20\') / BRL 1.400 (40\') por contenedor" under an all-in price', () => {
    const f = read(
      [
        'Hola, buenas tardes.',
        '',
        'Tarifa all in Shanghai - Santos:',
        "20' DV: USD 1.650,00 all in",
        "40' HC: USD 2.700,00 all in",
        "Excepto THC destino: BRL 1.100 (20') / BRL 1.400 (40') por contenedor",
        'Tiempo de tránsito: 33 días',
        'Días libres: 14',
        'Validez: 31/12/2026',
        '',
        'Saludos,',
        'Marta Ruiz',
        'Rota Sul Freight Forwarding',
      ].join('\n'),
    );
    expect(freights(f)).toEqual([
      ['20DC', 1650, 'USD'],
      ['40HC', 2700, 'USD'],
    ]);
    expect(f.taxas.itens.map((x) => [x.nome, x.rotulo, x.valor, x.equipamento])).toEqual([
      ['THC', 'THC destino', 1100, '20DC'],
      ['THC', 'THC destino', 1400, "40'"],
    ]);
  });

  it.each([
    ['Except BL fee: USD 75,00 per BL', 'BL fee'],
    ['Exceto taxa de BL: USD 75,00', 'taxa de BL'],
    ['Plus THC: BRL 1.300 per container', 'THC'],
  ])('%s', (line, label) => {
    const f = read(email('Frete 40HC: USD 2.000,00 all in', line));
    expect(f.taxas.itens.map((x) => x.rotulo)).toEqual([label]);
  });
});
