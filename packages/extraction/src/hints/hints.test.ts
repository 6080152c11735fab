import { describe, expect, it } from 'vitest';
import { toCorpusFormat } from '../corpus-format.js';
import { extractFromFile } from '../extract-file.js';
import { extractFromText } from '../extract-text.js';
import type { ExtractionHint } from '../types.js';
import { appliedHintIds } from './applied.js';
import { deriveHint } from './derive-hint.js';

const header = 'Assunto: Cotação\nDe: Ana <ana@oceanicbridge.com.br>\nData: 03/11/2026 09:00\n\n';
const tableReply = (price: string) =>
  `${header}Segue:\n\nPOL\tPOD\tO/F\tT/T\nNingbo\tSantos\tUSD ${price}\t34 dias\n\nTaxas locais: R$ 1.850,00\nValor estimado do seguro: USD 95,00\n`;
const hint = (fields: Omit<ExtractionHint, 'id'>, id = 'h1'): ExtractionHint => ({ id, ...fields });
const ofFortyHighCube = hint({ tipo: 'unidade', alvo: 'frete', rotulo: 'O/F', valor: '40HC' });

describe('correction hints applied by the engine', () => {
  it('changes nothing without hints: the result is the one of a call without the option', () => {
    const text = tableReply('2.350,00');
    const plain = extractFromText(text);
    expect(extractFromText(text, { hints: [] })).toEqual(plain);
    expect(JSON.stringify(plain)).not.toMatch(/dicas|ignoradosPorDica/);
  });

  it("settles a freight's container type the reply leaves open, and says which hint did it", () => {
    const plain = extractFromText(tableReply('2.350,00'));
    expect(plain.final.fretes.map((f) => f.unidade)).toEqual(['BL']);
    const result = extractFromText(tableReply('2.350,00'), { hints: [ofFortyHighCube] });
    expect(result.final.fretes.map((f) => [f.unidade, f.valor, f.rotulo])).toEqual([['40HC', 2350, 'O/F']]);
    expect(result.final.fretes[0]!.dicas).toEqual([{ id: 'h1', campo: 'unidade', antes: 'BL' }]);
    // What follows from the freight follows the hint: the 40' price, the container type, the modal.
    expect(result.final.preco_por_container_40).toBe(2350);
    expect(result.final.tipoContainer).toBe('40HC');
    expect(result.final.modal).toBe('FCL');
    expect(appliedHintIds(result.final)).toEqual(['h1']);
  });

  it('matches the label without case, accents, punctuation or parentheses, in another layout too', () => {
    const line = `${header}Segue:\n\nO/F (all in): USD 2.480,00\nTransit time: 35 dias\n`;
    const result = extractFromText(line, {
      hints: [hint({ tipo: 'unidade', alvo: 'frete', rotulo: 'o.f', valor: '40HC' })],
    });
    expect(result.final.fretes.map((f) => f.unidade)).toEqual(['40HC']);
    const other = `${header}Segue:\n\nPOL\tPOD\tO/F extra\nNingbo\tSantos\tUSD 2.350,00\n`;
    expect(
      extractFromText(other, { hints: [ofFortyHighCube] }).final.fretes.map((f) => f.unidade),
    ).not.toContain('40HC');
  });

  it('never overrides what the reply states: equipment, basis, currency', () => {
    const text = `${header}Frete: USD 1.950,00 por 20DC\nFrete: USD 2.990,00 por 40HC\nTaxas locais: R$ 1.950,00 por processo\nTHC: R$ 1.400,00\n`;
    const hints = [
      hint({ tipo: 'unidade', alvo: 'frete', rotulo: 'Frete', valor: '40HC' }, 'a'),
      hint({ tipo: 'unidade', alvo: 'taxa', rotulo: 'Taxas locais', valor: 'BL' }, 'b'),
      hint({ tipo: 'moeda', alvo: 'taxa', rotulo: 'THC', valor: 'USD' }, 'c'),
    ];
    const result = extractFromText(text, { hints });
    expect(result).toEqual(extractFromText(text));
    expect(appliedHintIds(result.final)).toEqual([]);
  });

  it("sets a fee's basis and an amount's currency only where the reply says none", () => {
    const text = `${header}Frete marítimo 40HC: USD 2.980,00\n\nDespesas no destino:\nPOD\tHandling\tLiberação BL\nSantos\t1.450,00\t380,00\n`;
    const plain = toCorpusFormat(extractFromText(text));
    expect(plain.taxas.map((t) => [t.nome, t.unidade, t.moeda])).toEqual([
      ['HANDLING', 'PROCESSO', 'USD'],
      ['BL FEE', 'BL', 'USD'],
    ]);
    const hints = [
      hint({ tipo: 'unidade', alvo: 'taxa', rotulo: 'Handling', valor: 'CNTR' }, 'basis'),
      hint({ tipo: 'moeda', alvo: 'taxa', rotulo: 'Handling', valor: 'BRL' }, 'brl'),
    ];
    const result = extractFromText(text, { hints });
    expect(toCorpusFormat(result).taxas.map((t) => [t.nome, t.unidade, t.moeda])).toEqual([
      ['HANDLING', 'CNTR', 'BRL'],
      ['BL FEE', 'BL', 'USD'],
    ]);
    expect(result.final.taxas.itens[0]!.dicas).toEqual([
      { id: 'basis', campo: 'unidade', antes: 'PROCESSO' },
      { id: 'brl', campo: 'moeda', antes: 'USD' },
    ]);
    expect(result.final.taxas.itens[1]!.dicas).toBeUndefined();
  });

  it('in an FCL reply a THC, ISPS or seal fee without a unit is per container; in LCL it stays once per shipment', () => {
    const fcl = extractFromText(
      `${header}Frete marítimo 40HC: USD 2.980,00\nTHC destination: BRL 1.500,00\nISPS: USD 15,00\nBL fee: USD 50,00\n`,
    );
    expect(toCorpusFormat(fcl).taxas.map((t) => [t.nome, t.unidade])).toEqual([
      ['THC', 'CNTR'],
      ['ISPS', 'CNTR'],
      ['BL FEE', 'BL'],
    ]);
    const lcl = extractFromText(`${header}Frete LCL: USD 45,00 por W/M\nTHC: BRL 300,00\n`);
    expect(toCorpusFormat(lcl).taxas.map((t) => [t.nome, t.unidade])).toEqual([['THC', 'PROCESSO']]);
  });

  it('leaves out a charge whose label is not a charge for this carrier, and lists it', () => {
    const ignore = hint({ tipo: 'ignorar', alvo: 'taxa', rotulo: 'Valor estimado do seguro', valor: null });
    const result = extractFromText(tableReply('2.350,00'), { hints: [ignore] });
    expect(result.final.taxas.itens.map((t) => t.rotulo)).toEqual(['Taxas locais']);
    expect(result.final.ignoradosPorDica).toEqual([
      {
        id: 'h1',
        alvo: 'taxa',
        rotulo: 'Valor estimado do seguro',
        valor: 95,
        moeda: 'USD',
        source: expect.objectContaining({ text: 'Valor estimado do seguro: USD 95,00', origin: 'body' }),
      },
    ]);
    // A freight hint with the same label does not touch fees, and the other way round.
    const freightOnly = hint({
      tipo: 'ignorar',
      alvo: 'frete',
      rotulo: 'Valor estimado do seguro',
      valor: null,
    });
    expect(extractFromText(tableReply('2.350,00'), { hints: [freightOnly] }).final.taxas.itens).toHaveLength(
      2,
    );
  });

  it('skips malformed hints and never throws on them', () => {
    const text = tableReply('2.350,00');
    const bad = [
      hint({ tipo: 'unidade', alvo: 'frete', rotulo: 'O/F', valor: 'BANANA' }, 'x1'),
      hint({ tipo: 'unidade', alvo: 'taxa', rotulo: 'Taxas locais', valor: 'PERCENT' }, 'x2'),
      hint({ tipo: 'moeda', alvo: 'taxa', rotulo: 'Taxas locais', valor: 'XYZ' }, 'x3'),
      hint({ tipo: 'ignorar', alvo: 'taxa', rotulo: ' (só parênteses) ', valor: null }, 'x4'),
      { id: 'x5', tipo: 'ignorar', alvo: 'outro', rotulo: 'O/F', valor: null },
      { id: 'x6' },
      null,
    ] as unknown as ExtractionHint[];
    expect(extractFromText(text, { hints: bad })).toEqual(extractFromText(text));
  });

  it('applies hints to the body and the attachments of an e-mail', async () => {
    const csv = 'POD;O/F\r\nSantos;2.350,00\r\n;\r\nValor estimado do seguro;USD;95,00\r\n';
    const eml = [
      'MIME-Version: 1.0',
      'From: Ana <ana@oceanicbridge.com.br>',
      'To: compras@cliente.com.br',
      'Subject: RE: Cotação Ningbo x Santos',
      'Date: Tue, 3 Nov 2026 09:00:00 -0300',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Segue a tabela em anexo. Valores em USD.',
      '--b',
      'Content-Type: text/csv; name="tarifa.csv"',
      'Content-Disposition: attachment; filename="tarifa.csv"',
      '',
      csv,
      '--b--',
      '',
    ].join('\r\n');
    const hints = [
      ofFortyHighCube,
      hint({ tipo: 'ignorar', alvo: 'taxa', rotulo: 'Valor estimado do seguro', valor: null }, 'h2'),
    ];
    const bytes = new TextEncoder().encode(eml);
    const plain = await extractFromFile(bytes, 'resposta.eml');
    expect(plain.final.fretes.map((f) => f.unidade)).toEqual(['BL']);
    const result = await extractFromFile(bytes, 'resposta.eml', { hints });
    expect(result.final.fretes.map((f) => [f.unidade, f.valor, f.source.origin])).toEqual([
      ['40HC', 2350, 'attachment:tarifa.csv'],
    ]);
    expect(result.final.taxas.itens).toEqual([]);
    expect(result.final.ignoradosPorDica?.map((i) => [i.id, i.source.origin])).toEqual([
      ['h2', 'attachment:tarifa.csv'],
    ]);
    expect(appliedHintIds(result.final).sort()).toEqual(['h1', 'h2']);
  });
});

describe('hints derived from an analyst’s corrections', () => {
  const final = extractFromText(tableReply('2.350,00')).final;

  it('a freight unit, a fee basis and a cleared value teach a hint about the label', () => {
    expect(deriveHint(final, { campo: 'fretes.0.unidade', valor: '40HC' })).toEqual({
      tipo: 'unidade',
      alvo: 'frete',
      rotulo: 'O/F',
      valor: '40HC',
    });
    expect(deriveHint(final, { campo: 'taxas.itens.0.unidade', valor: 'BL' })).toEqual({
      tipo: 'unidade',
      alvo: 'taxa',
      rotulo: 'Taxas locais',
      valor: 'BL',
    });
    expect(deriveHint(final, { campo: 'taxas.itens.1.valor', valor: null })).toEqual({
      tipo: 'ignorar',
      alvo: 'taxa',
      rotulo: 'Valor estimado do seguro',
      valor: null,
    });
  });

  it('figures, a value given back, an unknown unit or a path the extraction lacks teach nothing', () => {
    for (const correction of [
      { campo: 'fretes.0.valor', valor: 2400 },
      { campo: 'preco_por_container_40', valor: 2400 },
      { campo: 'transit_time_dias', valor: 30 },
      { campo: 'validadeProposta', valor: '2026-12-01' },
      { campo: 'fretes.0.unidade', valor: 'BL' },
      { campo: 'fretes.0.unidade', valor: 'CNTR' },
      { campo: 'taxas.itens.0.unidade', valor: 'PERCENT' },
      { campo: 'fretes.7.unidade', valor: '40HC' },
      { campo: 'taxas.itens.0.moeda', valor: 'GBP!' },
    ])
      expect(deriveHint(final, correction), correction.campo).toBeNull();
    expect(deriveHint(null, { campo: 'fretes.0.unidade', valor: '40HC' })).toBeNull();
  });

  it('a currency teaches a hint only when the amount was printed without one', () => {
    const printed = extractFromText(`${header}Frete 40HC: USD 2.000,00\nTHC: USD 1.400,00\n`).final;
    expect(deriveHint(printed, { campo: 'taxas.itens.0.moeda', valor: 'BRL' })).toBeNull();
    const bare = extractFromText(
      `${header}Frete marítimo 40HC: USD 2.980,00\n\nPOD\tTHC\nSantos\t1.450,00\n`,
    ).final;
    expect(bare.taxas.itens[0]!.moeda).toBe('USD');
    expect(deriveHint(bare, { campo: 'taxas.itens.0.moeda', valor: 'BRL' })).toEqual({
      tipo: 'moeda',
      alvo: 'taxa',
      rotulo: 'THC',
      valor: 'BRL',
    });
  });

  it('clearing one of several charges with the same fee (a repeat, another port) teaches nothing', () => {
    const two = extractFromText(
      `${header}Frete 40HC: USD 2.000,00\nTHC Santos: R$ 1.400,00\nTHC Itajaí: R$ 1.300,00\n`,
    ).final;
    expect(two.taxas.itens.map((t) => [t.nome, t.valor])).toEqual([
      ['THC', 1400],
      ['THC', 1300],
    ]);
    expect(deriveHint(two, { campo: 'taxas.itens.1.valor', valor: null })).toBeNull();
  });

  it('reads the label of a freight line stored before lines kept one (column title or line label)', () => {
    const legacy = {
      fretes: [
        {
          unidade: 'BL',
          valor: 2350,
          source: { line: 3, text: 'Ningbo\tSantos\tUSD 2.350,00', cell: 'O/F × Santos', origin: 'body' },
        },
        {
          unidade: 'BL',
          valor: 2100,
          source: { line: 9, text: 'Ocean freight: USD 2,100.00', origin: 'body' },
        },
      ],
      taxas: { itens: [] },
    };
    expect(deriveHint(legacy, { campo: 'fretes.0.unidade', valor: '40HC' })?.rotulo).toBe('O/F');
    expect(deriveHint(legacy, { campo: 'fretes.1.unidade', valor: '20DC' })?.rotulo).toBe('Ocean freight');
  });
});
