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
