import { describe, expect, it } from 'vitest';
import { toCorpusFormat } from './corpus-format.js';
import { extractFromText } from './extract-text.js';

/*
 * Replies a QA pass wrote the way forwarders write them (ADR 0024 addendum): a route alone on its line
 * heading its prices, and a destination followed by what the price includes.
 */
const read = (body: string) => toCorpusFormat(extractFromText(body));

describe('a route heading its prices', () => {
  it('prices each route\'s lines for its destination ("Ningbo x Itajaí" then "Frete: …")', () => {
    const c = read(
      [
        'Boa tarde,',
        '',
        'Segue nossa proposta:',
        '',
        'Ningbo x Itajaí',
        'Frete: USD 2.150,00 por 40HC / USD 1.350,00 por 20DV',
        'Ningbo x Navegantes',
        'Frete: USD 2.050,00 por 40HC / USD 1.300,00 por 20DV',
        '',
        'THC: R$ 1.450,00 por contêiner',
        'BL fee: USD 60,00 por BL',
        'Transit time: 30-35 dias',
        '',
        'Atenciosamente,',
        'Atlântico Logística',
      ].join('\n'),
    );
    expect(c.porto_destino).toEqual(['Itajaí', 'Navegantes']);
    expect(c.frete.map((f) => [f.destino, f.unidade, f.valor])).toEqual([
      ['Itajaí', '40HC', 2150],
      ['Itajaí', '20DC', 1350],
      ['Navegantes', '40HC', 2050],
      ['Navegantes', '20DC', 1300],
    ]);
    // The fees after the blank line are for both ports.
    expect(c.taxas.map((t) => [t.nome, t.destino])).toEqual([
      ['THC', null],
      ['BL FEE', null],
    ]);
  });

  it('a heading route does not make the fees under it freight', () => {
    const c = read(
      'Bom dia,\n\nLCL Barcelona x Itajaí:\nFrete: USD 52,00 por w/m\nTaxas na origem: EUR 45,00 por BL (documentação)\nDesconsolidação: R$ 480,00 por BL\n\nAtt,',
    );
    expect(c.frete.map((f) => [f.unidade, f.valor])).toEqual([['WM', 52]]);
    expect(c.taxas.map((t) => [t.nome, t.valor])).toEqual([
      ['DOC FEE', 45],
      ['DESCONSOLIDACAO', 480],
    ]);
  });
});

describe('a destination followed by what the price includes', () => {
  it('"destino Itajaí, já incluindo THC e BL fee" names one port, not "BL fee"', () => {
    const c = read(
      'Bom dia,\n\nFrete all in USD 2.300,00 por contêiner 40HC, destino Itajaí, já incluindo THC e BL fee.\nTransit time 28-32 dias\n\nAbraço,',
    );
    expect(c.porto_destino).toEqual(['Itajaí']);
  });

  it('still reads a list of ports ("Destino: Santos, Itajaí e Navegantes")', () => {
    const c = read('Prezados,\n\nDestino: Santos, Itajaí e Navegantes\nFrete 40HC: USD 2.000,00\n\nAtt,');
    expect(c.porto_destino).toEqual(['Santos', 'Itajaí', 'Navegantes']);
  });
});

describe('ports named by headings and by days (the second QA pass)', () => {
  const final = (text: string) => extractFromText(text, { containers: ['40HC', '20DV'] }).final;

  it('"Frete marítimo – destino Santos" heads its prices and its transit time', () => {
    const f = final(
      [
        'Prezados,',
        '',
        'Frete marítimo – destino Santos',
        '40HC: USD 1.900,00',
        '20DV: USD 1.250,00',
        'Transit time: 30 dias',
        '',
        'Frete marítimo – destino Itapoá',
        '40HC: USD 1.780,00',
        '20DV: USD 1.180,00',
        'Transit time: 33 dias',
        '',
        'THC: R$ 1.350,00 por contêiner',
        'BL fee: USD 60,00 por BL',
      ].join('\n'),
    );
    expect(f.fretes.map((item) => [item.unidade, item.valor, item.destino])).toEqual([
      ['40HC', 1900, 'Santos'],
      ['20DC', 1250, 'Santos'],
      ['40HC', 1780, 'Itapoá'],
      ['20DC', 1180, 'Itapoá'],
    ]);
    expect(f.destinos.map((d) => [d.nome, d.transit_time_dias])).toEqual([
      ['Santos', 30],
      ['Itapoá', 33],
    ]);
  });

  it('"34 días a Santos, 36 días a Itapoá": the days before each port are its own', () => {
    const f = final(
      'Estimados,\n\nFlete 40HC USD 1.800 a Santos y USD 1.750 a Itapoá.\nTránsito: 34 días a Santos, 36 días a Itapoá.\n',
    );
    expect(f.destinos.map((d) => [d.nome, d.transit_time_dias])).toEqual([
      ['Santos', 34],
      ['Itapoá', 36],
    ]);
  });

  it("a THC \"per container (20' and 40')\" is for every container, not the 20' alone", () => {
    const f = final("Dear all,\n\nTHC BRL 1,300.00 per container (20' and 40').\n");
    expect(
      f.taxas.itens.map((item) => [item.nome, item.valor, item.unidade, item.equipamento ?? null]),
    ).toEqual([['THC', 1300, 'CNTR', null]]);
  });
});

describe('a price given as a range (the second QA pass)', () => {
  it.each([
    ['Frete 40HC: USD 1.800 a 2.000 (sujeito a disponibilidade)', 2000],
    ['Flete: USD 1.700 - 1.800 por contenedor 40HC', 1800],
    ['Ocean freight 40HC: USD 1,800-2,000', 2000],
    ['Frete 40HC: USD 1.800,00 ~ USD 2.000,00', 2000],
  ])('%s → its upper end, to be checked', (line, upper) => {
    const { fretes } = extractFromText(`Prezados,\n\n${line}\n`, { containers: ['40HC'] }).final;
    expect(fretes.map((item) => [item.unidade, item.valor])).toEqual([['40HC', upper]]);
    expect(fretes[0]!.confidence).toBeLessThan(0.5);
  });

  it('a figure after a dash that is not above the price is no range', () => {
    const { fretes } = extractFromText('Prezados,\n\nFrete 40HC: USD 1.800 - 20 dias de free time\n', {
      containers: ['40HC'],
    }).final;
    expect(fretes.map((item) => [item.valor, item.confidence >= 0.5])).toEqual([[1800, true]]);
  });
});

describe('tables the second QA pass wrote (spreadsheets and HTML turned into rows)', () => {
  const final = (text: string, containers = ['40HC', '20DV']) => extractFromText(text, { containers }).final;

  it("a charge under 20' and 40' columns is each column's: 20' for the 20DV, 40' for every 40' container", () => {
    const f = final(
      [
        'Prezados,',
        '',
        'Frete 40HC USD 1.800,00 / 20DV USD 1.100,00',
        '',
        "Charge\t20'\t40'\tCurrency\tPer",
        'THC\t1100\t1450\tBRL\tcontainer',
      ].join('\n'),
    );
    expect(f.taxas.itens.map((item) => [item.nome, item.valor, item.equipamento ?? null])).toEqual([
      ['THC', 1100, '20DC'],
      ['THC', 1450, "40'"],
    ]);
  });

  it('a column "Frete all in exceto THC" is the freight, not a THC', () => {
    const f = final(
      'Prezados,\n\nPOD\tFrete all in exceto THC\tTHC (BRL/cntr)\nItapoá\tUSD 2,000.00\t1,300.00\n',
      ['40HC'],
    );
    expect(f.fretes.map((item) => [item.unidade, item.valor])).toEqual([['40HC', 2000]]);
    expect(f.taxas.itens.map((item) => [item.nome, item.valor, item.moeda])).toEqual([['THC', 1300, 'BRL']]);
  });

  it('ports across, "THC (BRL/cntr)" and "Transit time" down: a fee and a transit per port', () => {
    const f = final(
      [
        'Prezados,',
        '',
        'Equipamento\tSantos\tItapoá',
        '20DV\tUSD 1,150.00\tUSD 1,100.00',
        '40HC\tUSD 1,850.00\tUSD 1,780.00',
        'THC (BRL/cntr)\t1,350.00\t1,250.00',
        'Transit time\t32 dias\t35 dias',
      ].join('\n'),
    );
    expect(f.taxas.itens.map((item) => [item.nome, item.valor, item.moeda, item.destino])).toEqual([
      ['THC', 1350, 'BRL', 'Santos'],
      ['THC', 1250, 'BRL', 'Itapoá'],
    ]);
    expect(f.fretes.every((item) => item.unidade !== 'BL')).toBe(true);
    expect(f.destinos.map((d) => [d.nome, d.transit_time_dias])).toEqual([
      ['Santos', 32],
      ['Itapoá', 35],
    ]);
  });
});
