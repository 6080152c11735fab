import { feeItem, makeFinal } from '@cotacoes/shared/comparison/fixtures/finals';
import type { DadosExtraidos } from '@cotacoes/shared/schemas/responses';
import { describe, expect, it } from 'vitest';
import { summarise } from './response-summary';

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
});
