import { describe, expect, it } from 'vitest';
import { extractFromFile } from './extract-file.js';
import { extractFromText } from './extract-text.js';
import type { ExtractTextOptions, FinalData } from './types.js';

/*
 * A quote to two ports priced port by port on the price lines (QA pass 30): "Frete 40HC Santos: USD 2.300,00"
 * / "Frete 40HC Itapoá: USD 2.250,00", "Santos – 40HC USD 2.300 / Itapoá – 40HC USD 2.250", "Ocean freight to
 * Santos USD 2,300/40HC; to Itapoá USD 2,250/40HC" gave no port at all (or the subject's first), so each
 * port's freight was taken for both; "THC Santos R$ 1.300 / THC Itapoá R$ 1.150" gave both THCs to both.
 * Each price is now its port's, as "POD Santos: USD 2.300/40HC" is read. And the quote's own ports can be
 * given to the engine (`destinations`), for what a reply says of "ambos os portos" or of a port it does not
 * serve, and for a port the engine's dictionary does not know.
 */

const freights = (f: FinalData) => f.fretes.map((x) => [x.destino, x.unidade, x.valor, x.moeda]);
const fees = (f: FinalData) => f.taxas.itens.map((x) => [x.nome, x.destino, x.valor, x.moeda]);
const ports = (f: FinalData) => f.porto_destino.map((p) => p.nome);
const summaries = (f: FinalData) => f.destinos.map((d) => [d.nome, d.valorFreteUSD]);

const TWO_PORTS = 'RE: Cotação 1x40HC Shanghai x Santos / Itapoá';
const NO_PORTS = 'RE: Cotação 1x40HC - ref. IMP-2291';

const reply = (lines: string[], subject = TWO_PORTS, opts: ExtractTextOptions = {}) =>
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
      'Transit time: 32 dias',
      '',
      'Atenciosamente,',
      'Carla Mendes',
      'Mare Sul Logística',
    ].join('\n'),
    opts,
  ).final;

/** The same prices written with a discharge label, read port by port already. */
const apart = reply([
  'POD Santos: USD 2.300,00/40HC',
  'POD Itapoá: USD 2.250,00/40HC',
  'THC: R$ 1.300,00 por contêiner',
  'BL fee: USD 60,00',
]);

describe('a quote to two ports priced per line', () => {
  it('reads "POD Santos" / "POD Itapoá" port by port (the reference)', () => {
    expect(freights(apart)).toEqual([
      ['Santos', '40HC', 2300, 'USD'],
      ['Itapoá', '40HC', 2250, 'USD'],
    ]);
  });

  it.each([
    [['Frete 40HC Santos: USD 2.300,00', 'Frete 40HC Itapoá: USD 2.250,00']],
    [['Santos – 40HC USD 2.300 / Itapoá – 40HC USD 2.250']],
    [['Ocean freight to Santos USD 2,300/40HC; to Itapoá USD 2,250/40HC']],
    [['Frete Santos: 40HC USD 2.300,00', 'Frete Itapoá: 40HC USD 2.250,00']],
    [['O/F 40HC - Santos: USD 2,300.00', 'O/F 40HC - Itapoá: USD 2,250.00']],
    [['Flete 40HC Santos: USD 2.300', 'Flete 40HC Itapoá: USD 2.250']],
    [['Frete 40HC Santos USD 2.300 e Itapoá USD 2.250']],
  ])('%j: each port its freight, as "POD Santos: …" is read', (lines) => {
    for (const subject of [TWO_PORTS, NO_PORTS]) {
      const f = reply([...lines, 'THC: R$ 1.300,00 por contêiner', 'BL fee: USD 60,00'], subject);
      expect(ports(f)).toEqual(['Santos', 'Itapoá']);
      expect(freights(f)).toEqual(freights(apart));
      expect(summaries(f)).toEqual([
        ['Santos', 2300],
        ['Itapoá', 2250],
      ]);
      // Fees that name no port are for both.
      expect(fees(f)).toEqual(fees(apart));
    }
  });

  it('"THC Santos R$ 1.300 / THC Itapoá R$ 1.150": each THC its port, the freight for both', () => {
    for (const subject of [TWO_PORTS, NO_PORTS]) {
      const f = reply(['Frete 40HC: USD 2.300,00', 'THC Santos R$ 1.300 / THC Itapoá R$ 1.150'], subject);
      expect(ports(f)).toEqual(['Santos', 'Itapoá']);
      expect(freights(f)).toEqual([[null, '40HC', 2300, 'USD']]);
      expect(fees(f)).toEqual([
        ['THC', 'Santos', 1300, 'BRL'],
        ['THC', 'Itapoá', 1150, 'BRL'],
      ]);
      expect(summaries(f)).toEqual([
        ['Santos', 2300],
        ['Itapoá', 2300],
      ]);
    }
  });

  it('a fee with its port in its name, line by line, belongs to that port', () => {
    const f = reply([
      'Frete 40HC Santos: USD 2.300,00',
      'Frete 40HC Itapoá: USD 2.250,00',
      'THC Santos: R$ 1.300,00 por contêiner',
      'THC Itapoá: R$ 1.150,00 por contêiner',
      'BL fee: USD 60,00',
    ]);
    expect(freights(f)).toEqual(freights(apart));
    expect(fees(f)).toEqual([
      ['THC', 'Santos', 1300, 'BRL'],
      ['THC', 'Itapoá', 1150, 'BRL'],
      ['BL FEE', null, 60, 'USD'],
    ]);
  });

  it('"Frete Santos: 40HC USD … / 20DV USD …": each type of a port its port', () => {
    const f = reply([
      'Frete Santos: 40HC USD 2.300,00 / 20DV USD 1.400,00',
      'Frete Itapoá: 40HC USD 2.250,00 / 20DV USD 1.350,00',
    ]);
    expect(freights(f)).toEqual([
      ['Santos', '40HC', 2300, 'USD'],
      ['Santos', '20DC', 1400, 'USD'],
      ['Itapoá', '40HC', 2250, 'USD'],
      ['Itapoá', '20DC', 1350, 'USD'],
    ]);
  });

  it.each([
    'Flete 40HC USD 1.800 a Santos y USD 1.750 a Itapoá.',
    'Ocean freight 40HC: USD 1,800.00 to Santos; USD 1,750.00 to Itapoá',
    'Frete 40HC USD 1.800,00 - Santos / USD 1.750,00 - Itapoá',
  ])('"%s": the port after each price', (line) => {
    const f = reply([line], NO_PORTS);
    expect(freights(f)).toEqual([
      ['Santos', '40HC', 1800, 'USD'],
      ['Itapoá', '40HC', 1750, 'USD'],
    ]);
  });

  it('"THC Santos: …" and "THC Itapoá: …" on their own lines, the freight naming no port', () => {
    const f = reply(
      [
        'Frete 40HC: USD 2.300,00',
        'THC Santos: R$ 1.300,00 por contêiner',
        'THC Itapoá: R$ 1.150,00 por contêiner',
      ],
      NO_PORTS,
    );
    expect(ports(f)).toEqual(['Santos', 'Itapoá']);
    expect(freights(f)).toEqual([[null, '40HC', 2300, 'USD']]);
    expect(fees(f)).toEqual([
      ['THC', 'Santos', 1300, 'BRL'],
      ['THC', 'Itapoá', 1150, 'BRL'],
    ]);
  });

  it('a surcharge on a port\'s freight line ("+ BAF USD 100") is that port\'s', () => {
    const f = reply([
      'Frete 40HC Santos: USD 2.300,00 + BAF USD 100,00',
      'Frete 40HC Itapoá: USD 2.250,00 + BAF USD 120,00',
    ]);
    expect(freights(f)).toEqual(freights(apart));
    expect(fees(f)).toEqual([
      ['BAF', 'Santos', 100, 'USD'],
      ['BAF', 'Itapoá', 120, 'USD'],
    ]);
  });
});

describe('a reply to one port that merely names it stays as it was', () => {
  it('"Frete Shanghai x Santos: USD 2.300": the freight for the reply\'s only port', () => {
    const f = reply(['Frete Shanghai x Santos: USD 2.300,00/40HC', 'THC Santos: R$ 1.300,00 por contêiner']);
    expect(ports(f)).toEqual(['Santos']);
    expect(freights(f)).toEqual([[null, '40HC', 2300, 'USD']]);
    expect(fees(f)).toEqual([['THC', null, 1300, 'BRL']]);
  });

  it('"Frete 40HC Santos: USD 2.300" alone: Santos, priced as "POD Santos" alone is', () => {
    const pod = reply(['POD Santos: USD 2.300,00/40HC', 'THC: R$ 1.300,00 por contêiner']);
    const named = reply(['Frete 40HC Santos: USD 2.300,00', 'THC: R$ 1.300,00 por contêiner']);
    expect([ports(named), freights(named), fees(named)]).toEqual([ports(pod), freights(pod), fees(pod)]);
    expect(ports(named)).toEqual(['Santos']);
  });

  it('one THC naming its port is no list of ports', () => {
    const f = reply(['Frete 40HC: USD 2.300,00', 'THC Santos: R$ 1.300,00 por contêiner'], NO_PORTS);
    expect(ports(f)).toEqual([]);
    expect(fees(f)).toEqual([['THC', null, 1300, 'BRL']]);
  });

  it('"Frete 40HC: USD 2.300 para Santos e Itapoá": one price for both ports', () => {
    const f = reply(['Frete 40HC para Santos e Itapoá: USD 2.300,00'], NO_PORTS);
    expect(freights(f)).toEqual([[null, '40HC', 2300, 'USD']]);
  });

  it("a port of loading or a transshipment port is not the price's port", () => {
    const f = reply(['Frete 40HC via Santos: USD 2.300,00', 'Frete 20DV via Santos: USD 1.400,00'], NO_PORTS);
    expect(freights(f).map((x) => x[0])).toEqual([null, null]);
  });
});

describe("the quote's own ports given to the engine (`destinations`)", () => {
  const destinations = ['Santos, BR', 'Itapoá, BR'];

  it('"mesmo valor para ambos os portos": the quote\'s ports, with no subject or quoted request naming them', () => {
    const lines = [
      'Frete 40HC: USD 2.100,00 - mesmo valor para ambos os portos',
      'THC: R$ 1.300,00 por contêiner',
    ];
    expect(ports(reply(lines, NO_PORTS))).toEqual([]);
    const f = reply(lines, NO_PORTS, { destinations });
    expect(summaries(f)).toEqual([
      ['Santos', 2100],
      ['Itapoá', 2100],
    ]);
  });

  it('"Santos sem espaço no momento": the quote\'s other port', () => {
    const lines = ['Santos sem espaço no momento.', 'Frete 40HC: USD 2.350,00'];
    expect(ports(reply(lines, NO_PORTS, { destinations }))).toEqual(['Itapoá']);
  });

  it("the quote's ports win over the subject's", () => {
    const f = reply(
      ['Frete 40HC: USD 2.100,00 - mesmo valor para ambos os portos'],
      'RE: Cotação 1x40HC Shanghai x Paranaguá / Itajaí',
      { destinations },
    );
    expect(ports(f)).toEqual(['Santos', 'Itapoá']);
  });

  it('a port the dictionary does not know is read on the price lines when the quote asks it', () => {
    const lines = ['Frete 40HC Suape: USD 2.300,00', 'Frete 40HC Maceió: USD 2.450,00'];
    const without = reply(lines, NO_PORTS);
    expect(freights(without).map((x) => x[0])).not.toContain('Maceió');
    const f = reply(lines, NO_PORTS, { destinations: ['Suape, BR', 'Maceió, BR'] });
    expect(freights(f)).toEqual([
      ['Suape', '40HC', 2300, 'USD'],
      ['Maceió', '40HC', 2450, 'USD'],
    ]);
    expect(ports(f)).toEqual(['Suape', 'Maceió']);
  });

  it('without them the engine reads as before; an empty list is no list', () => {
    const lines = ['Frete 40HC: USD 2.100,00 - mesmo valor para ambos os portos'];
    expect(reply(lines, NO_PORTS, { destinations: [] })).toEqual(reply(lines, NO_PORTS));
  });

  it('are passed on to each text of a file (an e-mail)', async () => {
    const eml = [
      'From: Carla Mendes <carla@maresul.com.br>',
      'To: compras@importadora.com.br',
      `Subject: ${NO_PORTS}`,
      'Date: Mon, 14 Dec 2026 10:20:00 -0300',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset="utf-8"',
      '',
      'Prezada Ana,',
      '',
      'Frete 40HC: USD 2.100,00 - mesmo valor para ambos os portos',
      '',
      'Att,',
      'Carla',
    ].join('\r\n');
    const result = await extractFromFile(new TextEncoder().encode(eml), 'resposta.eml', {
      destinations,
      ocr: false,
    });
    expect(summaries(result.final)).toEqual([
      ['Santos', 2100],
      ['Itapoá', 2100],
    ]);
  });
});
