import { parseContainers } from '@cotacoes/shared/comparison/containers';
import { feeItem, freightItem, makeFinal } from '@cotacoes/shared/comparison/fixtures/finals';
import type { DadosExtraidos } from '@cotacoes/shared/schemas/responses';
import { describe, expect, it } from 'vitest';
import { groupUnreadable, summarise } from './response-summary';

const dados = (modal: string) =>
  ({ final: makeFinal({ modal, taxas: { itens: [feeItem('AWB FEE', 35)] } }) }) as unknown as DadosExtraidos;

describe("the reply card's fee units", () => {
  it("an air reply's per-document fee reads '/AWB' (QA pass 6 saw '/BL'); a sea reply's '/BL'", () => {
    expect(summarise(dados('AEREO'), null).taxas).toMatch(/^AWB FEE US\$\s35,00\/AWB \(/);
    expect(summarise(dados('FCL'), null).taxas).toMatch(/^AWB FEE US\$\s35,00\/BL \(/);
  });
});

describe("the reply card's fees per container type", () => {
  it('lists a THC priced per type once per type (QA pass 11: only the dearer one showed)', () => {
    const thc = (equipamento: string, valor: number) => ({
      ...feeItem('THC', valor, 'BRL'),
      unidade: 'CNTR',
      equipamento,
    });
    const data = {
      final: makeFinal({ modal: 'FCL', taxas: { itens: [thc('20DC', 1100), thc('40HC', 1450)] } }),
    } as unknown as DadosExtraidos;
    const text = summarise(data, null).taxas!;
    expect(text).toMatch(/THC R\$\s1\.100,00\/20DC · THC R\$\s1\.450,00\/40HC/);
  });

  it("names the type as the quote does: '/20DV' on a 20DV quote, read as 20DC (QA pass 26)", () => {
    const thc = (equipamento: string, valor: number) => ({
      ...feeItem('THC', valor, 'BRL'),
      unidade: 'CNTR',
      equipamento,
    });
    const data = {
      final: makeFinal({ modal: 'FCL', taxas: { itens: [thc('20DC', 1100), thc('40HC', 1450)] } }),
    } as unknown as DadosExtraidos;
    const asked = parseContainers('2 x 20DV + 1 x 40HC');
    const text = summarise(data, null, asked).taxas!;
    expect(text).toMatch(/THC R\$\s1\.100,00\/20DV · THC R\$\s1\.450,00\/40HC/);
    expect(text).not.toContain('20DC');
  });

  it("a per-BL fee with an amount per type names the type and stays '/BL'", () => {
    const bl = (equipamento: string, valor: number) => ({
      ...feeItem('BL FEE', valor),
      unidade: 'BL',
      equipamento,
    });
    const data = {
      final: makeFinal({ modal: 'FCL', taxas: { itens: [bl('20DC', 50), bl("40'", 60)] } }),
    } as unknown as DadosExtraidos;
    expect(summarise(data, null).taxas).toMatch(
      /BL FEE \(20DC\) US\$\s50,00\/BL · BL FEE \(40'\) US\$\s60,00\/BL/,
    );
  });
});

describe("the reply card's fee basis and minimum", () => {
  it("a BAF per tonne with a minimum reads 'US$ 12,00/t (mín. US$ 60,00)' (QA pass 24)", () => {
    const data = {
      final: makeFinal({
        modal: 'LCL',
        taxas: { itens: [{ ...feeItem('BAF', 12), unidade: 'TON', minimo: 60 }] },
      }),
    } as unknown as DadosExtraidos;
    expect(summarise(data, null).taxas).toMatch(/^BAF US\$\s12,00\/t \(mín\. US\$\s60,00\)/);
  });
});

describe('air weight bands on the card', () => {
  it('each rate names its band, as the comparison row does (QA pass 26)', () => {
    const band = (faixaKg: number, valor: number) => ({ ...freightItem('KG', valor), minimo: 95, faixaKg });
    const data = {
      final: makeFinal({
        modal: 'AEREO',
        fretes: [band(0, 7.1), band(45, 5.6), band(500, 3.45)],
        taxas: { itens: [] },
      }),
    } as unknown as DadosExtraidos;
    expect(summarise(data, null).frete?.replace(/\s/g, ' ')).toBe(
      'faixa -45 kg: US$ 7,10/kg (mín. US$ 95,00) · faixa +45 kg: US$ 5,60/kg (mín. US$ 95,00) · faixa +500 kg: US$ 3,45/kg (mín. US$ 95,00)',
    );
  });
});

describe('an all-in price', () => {
  it("says its charges are in the freight, not 'Não informado' (QA pass 24)", () => {
    const data = {
      final: makeFinal({
        modal: 'LCL',
        fretes: [
          {
            ...freightItem('WM', 95),
            rotulo: 'Frete all in',
            source: { line: 3, text: 'USD 95/W/M all in', origin: 'body' },
          },
        ],
        taxas: { itens: [] },
      }),
    } as unknown as DadosExtraidos;
    expect(summarise(data, null).taxas).toBe('Inclusas no frete (all in)');
  });
});

describe("the reply card's fees per port", () => {
  it('names the port of a charge priced for one port, and none for a charge of every port (QA pass 17)', () => {
    const fee = (destino: string | null, valor: number, nome = 'THC') => ({
      ...feeItem(nome, valor, 'BRL'),
      unidade: 'CNTR',
      destino,
    });
    const data = {
      final: makeFinal({
        modal: 'FCL',
        taxas: { itens: [fee('Santos', 1450), fee('Itajaí', 1600), fee(null, 350, 'BL FEE')] },
      }),
    } as unknown as DadosExtraidos;
    expect(summarise(data, null).taxas).toMatch(
      /^THC \(Santos\) R\$\s1\.450,00\/contêiner · THC \(Itajaí\) R\$\s1\.600,00\/contêiner · BL FEE R\$\s350,00\/contêiner \(/,
    );
  });
});

describe("the reply card's freight not per container (QA pass on air and LCL)", () => {
  const freight = (
    unidade: string,
    valor: number,
    minimo: number | null = null,
    destino: string | null = null,
  ) => ({
    destino,
    unidade,
    valor,
    moeda: 'USD',
    minimo,
    confidence: 0.9,
    source: { line: 3, text: `A/F: USD ${valor}/${unidade}`, origin: 'body' },
  });
  const card = (modal: string, fretes: ReturnType<typeof freight>[], extra = {}) =>
    summarise({ final: makeFinal({ modal, fretes, ...extra }) } as unknown as DadosExtraidos, null);

  it('an air reply reads "US$ 3,85/kg (mín. US$ 150,00)", an LCL one per W/M, and neither per container', () => {
    const air = card('AEREO', [freight('KG', 3.85, 150)]);
    expect(air.frete).toMatch(/^US\$\s3,85\/kg \(mín\. US\$\s150,00\)$/);
    expect([air.frete20, air.frete40]).toEqual([null, null]);
    expect(card('LCL', [freight('WM', 48)]).frete).toMatch(/^US\$\s48,00\/W\/M$/);
    expect(card('LCL', [freight('M3', 52.5, 105)]).frete).toMatch(/^US\$\s52,50\/m³ \(mín\. US\$\s105,00\)$/);
  });

  it("keeps a rate's third decimal, each port its own, and only the headline when no line was read", () => {
    expect(card('AEREO', [freight('KG', 0.125)]).frete).toMatch(/^US\$\s0,125\/kg$/);
    expect(card('LCL', [freight('WM', 48, null, 'Santos'), freight('WM', 51, null, 'Itajaí')]).frete).toMatch(
      /^Santos US\$\s48,00\/W\/M · Itajaí US\$\s51,00\/W\/M$/,
    );
    expect(card('AEREO', [], { preco_por_kg: 4.1, preco_minimo: 120, moeda: 'USD' }).frete).toMatch(
      /^US\$\s4,10\/kg \(mín\. US\$\s120,00\)$/,
    );
  });

  it('an FCL reply has no such row', () => {
    const fcl = card('FCL', [freight('40HC', 2300)]);
    expect(fcl.frete).toBeNull();
    expect(fcl.frete40).toMatch(/^US\$\s2\.300,00$/);
  });
});

describe('groupUnreadable', () => {
  it('names the files of one reason once, three and the count of the rest (QA pass 40b: 200 scans)', () => {
    const ocr = 'não foi possível ler o arquivo (imagem): OCR não concluído: falha ao ler a imagem';
    const limit = 'não foi possível ler o arquivo: além do limite de 20 anexos por mensagem';
    const reasons = [
      ...Array.from({ length: 20 }, (_, i) => `scan_${String(i).padStart(3, '0')}.png: ${ocr}`),
      ...Array.from({ length: 180 }, (_, i) => `scan_${String(i + 20).padStart(3, '0')}.png: ${limit}`),
      'proposta.pdf: não foi possível ler o arquivo (pdf): o arquivo é protegido por senha',
      'texto ilegível',
    ];
    expect(groupUnreadable(reasons)).toEqual([
      `scan_000.png, scan_001.png, scan_002.png e mais 17 arquivo(s): ${ocr}`,
      `scan_020.png, scan_021.png, scan_022.png e mais 177 arquivo(s): ${limit}`,
      'proposta.pdf: não foi possível ler o arquivo (pdf): o arquivo é protegido por senha',
      'texto ilegível',
    ]);
    // Four files of one reason are all named (no "e mais 1").
    expect(groupUnreadable(['a.pdf: x', 'b.pdf: x', 'c.pdf: x', 'd.pdf: x'])).toEqual([
      'a.pdf, b.pdf, c.pdf, d.pdf: x',
    ]);
  });
});
