import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';
import type { ExtractTextOptions, FinalData } from './types.js';

/*
 * Four gaps of the engine, each with replies written as forwarders write them, on a quote from China to
 * Santos (or Santos and Itapoá):
 * (1) a fee naming the port of loading ("THC Shanghai: USD 120 por contêiner", "THC (Ningbo) USD 95/cntr")
 *     is the origin's charge (`lado: 'origem'`), unless the port it names is one the quote goes to;
 * (2) "Ex Shanghai:", "Ex Ningbo:", "Origem Ningbo:", "From Shanghai:" alone on a line scope the prices under
 *     them to that origin, as a route heading ("Ningbo x Itajaí") scopes its lines to its port;
 * (3) UN/LOCODEs ("BRSSZ", "CNSHA", "BR SSZ") are the ports the written names are;
 * (4) "Shanghai, CN / Ningbo, CN x Santos", "Shanghai, CN x Santos, BR": a place followed by its country's
 *     code is that place.
 */

const reply = (lines: string[], subject: string, options: ExtractTextOptions = {}) =>
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
    options,
  ).final;

const fees = (f: FinalData) => f.taxas.itens.map((x) => [x.nome, x.lado ?? null, x.valor, x.moeda]);
const freights = (f: FinalData) =>
  f.fretes.map((x) => [x.origem ?? null, x.destino, x.unidade, x.valor, x.moeda]);
const ports = (f: FinalData) => f.porto_destino.map((p) => p.nome);

const TO_SANTOS = 'RE: Cotação 1x40HC Shanghai x Santos';
const TWO_ORIGINS = 'RE: Cotação 1x40HC Shanghai / Ningbo x Santos';
const NO_PORTS = 'RE: Cotação 1x40HC - ref. IMP-3011';

describe("(1) a fee naming the port of loading is the origin's", () => {
  it.each([
    ['THC Shanghai: USD 120 por contêiner', 120],
    ['THC Shanghai: USD 120,00 por contêiner', 120],
    ['THC (Ningbo) USD 95/cntr', 95],
    ['Ningbo THC: USD 95,00/cntr', 95],
    ['THC em Ningbo: USD 95,00 por contêiner', 95],
    ['Terminal handling Shanghai USD 120.00 per container', 120],
  ])('"%s" on a quote to Santos: origem', (line, value) => {
    for (const subject of [TO_SANTOS, NO_PORTS]) {
      const f = reply(['Frete 40HC: USD 2.500,00', line, 'THC: BRL 1.400,00 por contêiner'], subject);
      expect(fees(f)).toEqual([
        ['THC', 'origem', value, 'USD'],
        ['THC', null, 1400, 'BRL'],
      ]);
      expect(freights(f)).toEqual([[null, null, '40HC', 2500, 'USD']]);
    }
  });

  it('"THC USD 120,00/cntr (Shanghai)": the port named after the amount', () => {
    const f = reply(
      ['Frete 40HC: USD 2.500,00', 'THC USD 120,00/cntr (Shanghai)', 'THC Santos: BRL 1.400,00'],
      TO_SANTOS,
    );
    expect(fees(f)).toEqual([
      ['THC', 'origem', 120, 'USD'],
      ['THC', null, 1400, 'BRL'],
    ]);
  });

  it('a table row "THC Shanghai": the origin\'s', () => {
    const f = reply(
      [
        'Charge\tAmount\tCurrency\tBasis',
        'Ocean freight 40HC\t2500\tUSD\tcontainer',
        'THC Shanghai\t120\tUSD\tcontainer',
        'THC\t1400\tBRL\tcontainer',
      ],
      TO_SANTOS,
    );
    expect(fees(f)).toEqual([
      ['THC', 'origem', 120, 'USD'],
      ['THC', null, 1400, 'BRL'],
    ]);
  });

  it('"Origin THC (Ningbo) USD 95/cntr" stays the origin\'s', () => {
    const f = reply(['Frete 40HC: USD 2.500,00', 'Origin THC (Ningbo) USD 95/cntr'], TWO_ORIGINS);
    expect(fees(f)).toEqual([['THC', 'origem', 95, 'USD']]);
  });

  it("the quote's destinations (the engine option) decide: a port the quote goes to is no origin", () => {
    const options = { destinations: ['Santos, BR'] };
    const f = reply(
      ['Frete 40HC: USD 2.500,00', 'THC Shanghai: USD 120,00/cntr', 'THC Santos: BRL 1.400,00/cntr'],
      NO_PORTS,
      options,
    );
    expect(fees(f)).toEqual([
      ['THC', 'origem', 120, 'USD'],
      ['THC', null, 1400, 'BRL'],
    ]);
    // An export (Santos → Hamburg): the THC at Hamburg is the destination's, the one at Santos the origin's.
    const exported = extractFromText(
      [
        'Subject: RE: Quotation 1x40HC Santos x Hamburg',
        'From: Hans <hans@nordsee.de>',
        '',
        'Dear Ana,',
        '',
        'Ocean freight 40HC: USD 1,900.00',
        'THC Hamburg: EUR 250.00 per container',
        '',
        'Best regards',
      ].join('\n'),
      { destinations: ['Hamburg, DE'] },
    ).final;
    expect(fees(exported)).toEqual([['THC', null, 250, 'EUR']]);
  });

  it("a port the dictionary does not know, named as the quote's origin in the subject: origem", () => {
    const f = reply(
      ['Frete 40HC: USD 2.500,00', 'THC Yiwu: USD 80,00 por contêiner', 'THC: BRL 1.400,00 por contêiner'],
      'RE: Cotação 1x40HC Yiwu x Santos',
    );
    expect(fees(f)).toEqual([
      ['THC', 'origem', 80, 'USD'],
      ['THC', null, 1400, 'BRL'],
    ]);
  });

  it('a carrier\'s name holds no port ("BAF Hamburg Süd")', () => {
    const f = reply(['Frete 40HC: USD 2.500,00', 'BAF Hamburg Süd: USD 300,00/cntr'], TO_SANTOS);
    expect(fees(f)).toEqual([['BAF', null, 300, 'USD']]);
  });

  it("a THC per Brazilian port stays the destination's, and a transshipment port is no origin", () => {
    const f = reply(
      [
        'Frete 40HC: USD 2.500,00',
        'THC Santos: BRL 1.400,00 por contêiner',
        'THC Itapoá: BRL 1.300,00 por contêiner',
        'Taxa de transbordo Busan: USD 50,00 por contêiner',
      ],
      'RE: Cotação 1x40HC Shanghai x Santos / Itapoá',
    );
    expect(f.taxas.itens.map((x) => [x.nome, x.lado ?? null, x.valor, x.destino])).toEqual([
      ['THC', null, 1400, 'Santos'],
      ['THC', null, 1300, 'Itapoá'],
      [expect.any(String), null, 50, null],
    ]);
  });
});

describe('(2) an origin heading alone on its line scopes the prices under it', () => {
  const perOrigin = [
    ['Shanghai', null, '40HC', 2500, 'USD'],
    ['Shanghai', null, '20DC', 1500, 'USD'],
    ['Ningbo', null, '40HC', 2350, 'USD'],
    ['Ningbo', null, '20DC', 1400, 'USD'],
  ];
  const block = (heading: (port: string) => string, blank = true) => [
    heading('Shanghai'),
    'Frete 40HC: USD 2.500,00',
    'Frete 20DV: USD 1.500,00',
    ...(blank ? [''] : []),
    heading('Ningbo'),
    'Frete 40HC: USD 2.350,00',
    'Frete 20DV: USD 1.400,00',
    '',
    'THC: BRL 1.400,00 por contêiner',
    'BL fee: USD 60,00 por BL',
  ];

  it.each([
    ['Ex Shanghai:', (p: string) => `Ex ${p}:`],
    ['Ex-Shanghai:', (p: string) => `Ex-${p}:`],
    ['Origem Shanghai:', (p: string) => `Origem ${p}:`],
    ['From Shanghai:', (p: string) => `From ${p}:`],
    ['Desde Shanghai:', (p: string) => `Desde ${p}:`],
    ['POL Shanghai:', (p: string) => `POL ${p}:`],
    ['Shanghai:', (p: string) => `${p}:`],
    ['EX SHANGHAI', (p: string) => `EX ${p.toUpperCase()}`],
    ['Ex Shanghai, CN:', (p: string) => `Ex ${p}, CN:`],
  ])('"%s" headings: each price its origin, the charges after them none', (_, heading) => {
    for (const subject of [TWO_ORIGINS, NO_PORTS]) {
      for (const blank of [true, false]) {
        const f = reply(block(heading, blank), subject);
        expect(freights(f)).toEqual(perOrigin);
        expect(fees(f)).toEqual([
          ['THC', null, 1400, 'BRL'],
          ['BL FEE', null, 60, 'USD'],
        ]);
        expect(ports(f)).toEqual(subject === TWO_ORIGINS ? ['Santos'] : []);
      }
    }
  });

  it('prices written without a freight word under the heading ("40HC: USD …", "USD …/40HC")', () => {
    const f = reply(
      [
        'Ex Shanghai:',
        '40HC: USD 2.500,00',
        '20DV: USD 1.500,00',
        '',
        'Ex Ningbo:',
        'USD 2.350,00/40HC',
        'USD 1.400,00/20DV',
      ],
      TWO_ORIGINS,
    );
    expect(freights(f)).toEqual(perOrigin);
  });

  it('ports of discharge per line under an origin heading: both the origin and the port', () => {
    const f = reply(
      [
        'Ex Shanghai:',
        'Santos: USD 2.500,00/40HC',
        'Itapoá: USD 2.450,00/40HC',
        '',
        'Ex Ningbo:',
        'Santos: USD 2.350,00/40HC',
        'Itapoá: USD 2.300,00/40HC',
      ],
      'RE: Cotação 1x40HC Shanghai / Ningbo x Santos / Itapoá',
    );
    expect(freights(f)).toEqual([
      ['Shanghai', 'Santos', '40HC', 2500, 'USD'],
      ['Shanghai', 'Itapoá', '40HC', 2450, 'USD'],
      ['Ningbo', 'Santos', '40HC', 2350, 'USD'],
      ['Ningbo', 'Itapoá', '40HC', 2300, 'USD'],
    ]);
  });

  it('a single origin heading: the freight is simply its freight, from that origin', () => {
    const f = reply(['Ex Shanghai:', 'Frete 40HC: USD 2.450,00', '', 'THC: BRL 1.400,00'], TO_SANTOS);
    expect(freights(f)).toEqual([['Shanghai', null, '40HC', 2450, 'USD']]);
    expect(fees(f)).toEqual([['THC', null, 1400, 'BRL']]);
    expect(ports(f)).toEqual(['Santos']);
  });

  it('"*Ex Shanghai:*" (emphasis of an HTML reply), "- Ex Shanghai (CNSHA):", "From Shanghai, China:"', () => {
    for (const heading of [
      (p: string) => `*Ex ${p}:*`,
      (p: string) => `- Ex ${p} (${p === 'Shanghai' ? 'CNSHA' : 'CNNGB'}):`,
      (p: string) => `From ${p}, China:`,
    ]) {
      const f = reply(
        [heading('Shanghai'), 'O/F 40HC USD 2,500.00', '', heading('Ningbo'), 'O/F 40HC USD 2,350.00'],
        NO_PORTS,
      );
      expect(freights(f)).toEqual([
        ['Shanghai', null, '40HC', 2500, 'USD'],
        ['Ningbo', null, '40HC', 2350, 'USD'],
      ]);
    }
  });

  it('German "Ab Hamburg:" headings', () => {
    const f = extractFromText(
      [
        'Sehr geehrte Frau Oliveira,',
        '',
        'anbei unser Angebot:',
        '',
        'Ab Hamburg:',
        'Seefracht 40HC: EUR 1.900,00',
        '',
        'Ab Bremerhaven:',
        'Seefracht 40HC: EUR 1.850,00',
        '',
        'Mit freundlichen Grüßen',
        'Hans Becker',
      ].join('\n'),
    ).final;
    expect(freights(f)).toEqual([
      ['Hamburg', null, '40HC', 1900, 'EUR'],
      ['Bremerhaven', null, '40HC', 1850, 'EUR'],
    ]);
  });

  it('"Origem Shanghai:" keeps heading the origin\'s charges under it', () => {
    const f = reply(
      [
        'Origem Shanghai:',
        'Frete 40HC: USD 2.500,00',
        'THC: USD 120,00 por contêiner',
        '',
        'Destino Santos:',
        'THC: BRL 1.400,00 por contêiner',
      ],
      TO_SANTOS,
    );
    expect(freights(f)).toEqual([['Shanghai', null, '40HC', 2500, 'USD']]);
    expect(fees(f)).toEqual([
      ['THC', 'origem', 120, 'USD'],
      ['THC', null, 1400, 'BRL'],
    ]);
  });

  it('a Brazilian port alone on a line is no origin heading', () => {
    const f = reply(
      ['Santos:', 'Frete 40HC: USD 2.450,00', '', 'Itapoá:', 'Frete 40HC: USD 2.350,00'],
      'RE: Cotação 1x40HC Shanghai x Santos / Itapoá',
    );
    expect(f.fretes.every((x) => x.origem === undefined)).toBe(true);
  });
});

describe('(3) UN/LOCODEs are the ports their names are', () => {
  it.each([
    [['CNSHA - BRSSZ: USD 2.500,00/40HC', 'CNNGB - BRIOA: USD 2.350,00/40HC']],
    [['CNSHA x BRSSZ: USD 2.500,00/40HC', 'CNNGB x BRIOA: USD 2.350,00/40HC']],
    [['POL CNSHA / POD BRSSZ: 40HC USD 2.500,00', 'POL CNNGB / POD BRIOA: 40HC USD 2.350,00']],
    [['CN SHA - BR SSZ: USD 2.500,00/40HC', 'CN NGB - BR IOA: USD 2.350,00/40HC']],
  ])('%j: each route its origin and port, as the written names', (lines) => {
    const written = reply(
      ['Shanghai - Santos: USD 2.500,00/40HC', 'Ningbo - Itapoá: USD 2.350,00/40HC'],
      NO_PORTS,
    );
    const coded = reply(lines, NO_PORTS);
    expect(freights(written)).toEqual([
      ['Shanghai', 'Santos', '40HC', 2500, 'USD'],
      ['Ningbo', 'Itapoá', '40HC', 2350, 'USD'],
    ]);
    expect(freights(coded)).toEqual(freights(written));
    expect(ports(coded)).toEqual(['Santos', 'Itapoá']);
  });

  it('"BRSSZ: …" / "BRNVT: …" per line, and "Frete 40HC BRPNG: …": the port of each line', () => {
    const f = reply(
      ['BRSSZ: USD 2.500,00/40HC', 'BRNVT: USD 2.450,00/40HC', 'Frete 40HC BRPNG: USD 2.400,00'],
      NO_PORTS,
    );
    expect(freights(f)).toEqual([
      [null, 'Santos', '40HC', 2500, 'USD'],
      [null, 'Navegantes', '40HC', 2450, 'USD'],
      [null, 'Paranaguá', '40HC', 2400, 'USD'],
    ]);
  });

  it('"POL: CN SHA / POD: BR SSZ", "Destino: BRRIG": the ports, not "Cn Sha" / "Br Ssz"', () => {
    const f = reply(['POL: CN SHA', 'POD: BR SSZ', 'Frete 40HC: USD 2.500,00'], NO_PORTS);
    expect([f.portoOrigem, ports(f)]).toEqual(['Shanghai', ['Santos']]);
    const g = reply(['Origem: CNNGB', 'Destino: BRRIG', 'Frete 40HC: USD 2.500,00'], NO_PORTS);
    expect([g.portoOrigem, ports(g)]).toEqual(['Ningbo', ['Rio Grande']]);
  });

  it('a subject written in codes ("CNNGB x BRIOA", "CN NGB x BR IOA")', () => {
    for (const subject of ['RE: Cotação 1x40HC CNNGB x BRIOA', 'RE: Cotação 1x40HC CN NGB x BR IOA']) {
      const f = reply(['Frete 40HC: USD 2.500,00'], subject);
      expect([f.portoOrigem, ports(f)]).toEqual(['Ningbo', ['Itapoá']]);
    }
  });

  it('a fee naming the origin by its code is the origin\'s ("THC CNSHA")', () => {
    const f = reply(
      ['Frete 40HC: USD 2.500,00', 'THC CNSHA: USD 120,00/cntr', 'THC: BRL 1.400,00'],
      NO_PORTS,
    );
    expect(fees(f)).toEqual([
      ['THC', 'origem', 120, 'USD'],
      ['THC', null, 1400, 'BRL'],
    ]);
  });

  it('an "Ex CNSHA:" heading scopes its lines', () => {
    const f = reply(
      ['Ex CNSHA:', 'Frete 40HC: USD 2.500,00', '', 'Ex CNNGB:', 'Frete 40HC: USD 2.350,00'],
      NO_PORTS,
    );
    expect(freights(f)).toEqual([
      ['Shanghai', null, '40HC', 2500, 'USD'],
      ['Ningbo', null, '40HC', 2350, 'USD'],
    ]);
  });
});

describe('(4) "City, CC": a place followed by its country code', () => {
  it.each([
    [
      'Cotação COT-2026-0012 - Shanghai, CN / Ningbo, CN x Santos',
      'Cotação COT-2026-0012 - Shanghai / Ningbo x Santos',
    ],
    ['Cotação COT-2026-0012 - Shanghai, CN x Santos, BR', 'Cotação COT-2026-0012 - Shanghai x Santos'],
    ['RE: Cotação COT-2026-0012 - Ningbo, CN x Itapoá, BR', 'RE: Cotação COT-2026-0012 - Ningbo x Itapoá'],
    ['RE: Cotação Shanghai, CN - Santos, BR (1x40HC)', 'RE: Cotação Shanghai - Santos (1x40HC)'],
  ])('subject "%s" reads as "%s"', (coded, plain) => {
    const a = reply(['Frete 40HC: USD 2.500,00', 'Transit time: 30 dias'], coded);
    const b = reply(['Frete 40HC: USD 2.500,00', 'Transit time: 30 dias'], plain);
    expect(ports(b).length).toBe(1);
    expect([a.portoOrigem, ports(a)]).toEqual([b.portoOrigem, ports(b)]);
  });

  it('a route line or field in the body ("Rota: Shanghai, CN x Santos, BR")', () => {
    const f = reply(['Rota: Shanghai, CN x Santos, BR', 'Frete 40HC: USD 2.500,00'], NO_PORTS);
    expect([f.portoOrigem, ports(f)]).toEqual(['Shanghai', ['Santos']]);
    const g = reply(['Shanghai, CN x Santos, BR', 'Frete 40HC: USD 2.500,00'], NO_PORTS);
    expect([g.portoOrigem, ports(g)]).toEqual(['Shanghai', ['Santos']]);
  });

  it('"Routing: Shanghai, CN - Busan, KR - Santos, BR": the last port the destination, Busan the transshipment', () => {
    const f = reply(
      ['Ocean freight 40HC USD 2,500.00', 'Routing: Shanghai, CN - Busan, KR - Santos, BR'],
      NO_PORTS,
    );
    expect([f.portoOrigem, ports(f), f.portoTransbordo]).toEqual(['Shanghai', ['Santos'], 'Busan']);
  });

  it('route headings "Shanghai, CN x Santos, BR" above their prices: each port, and the origin too', () => {
    const f = reply(
      [
        'Shanghai, CN x Santos, BR',
        'Frete 40HC: USD 2.500,00',
        '',
        'Ningbo, CN x Itapoá, BR',
        'Frete 40HC: USD 2.350,00',
      ],
      NO_PORTS,
    );
    expect(freights(f)).toEqual([
      ['Shanghai', 'Santos', '40HC', 2500, 'USD'],
      ['Ningbo', 'Itapoá', '40HC', 2350, 'USD'],
    ]);
  });

  it('one route per price line ("Shanghai, CN x Santos, BR: USD …/40HC")', () => {
    const f = reply(
      ['Shanghai, CN x Santos, BR: USD 2.500,00/40HC', 'Ningbo, CN x Itapoá, BR: USD 2.350,00/40HC'],
      NO_PORTS,
    );
    expect(freights(f)).toEqual([
      ['Shanghai', 'Santos', '40HC', 2500, 'USD'],
      ['Ningbo', 'Itapoá', '40HC', 2350, 'USD'],
    ]);
    expect(ports(f)).toEqual(['Santos', 'Itapoá']);
  });
});
