import { describe, expect, it } from 'vitest';
import type { DadosExtraidos, ExtractionFinal } from '../schemas/responses.js';
import { quoteAskedFrom } from './asked.js';
import { buildComparison, type ComparisonResponse } from './build.js';
import { feeItem, freightItem, makeFinal, port } from './fixtures/finals.js';
import { chargeLineText, freightName } from './quantity-text.js';
import { exchangeRateInfo } from './totals.js';

/*
 * Air weight bands (QA pass 24: "M 95,00 / -45 7,10 / +45 5,60 / +100 4,35 / +300 3,90 / +500 3,45" priced
 * 565 kg at the first rate): the band of the chargeable weight counts, or a higher band when charged at its
 * lower bound it costs less; the minimum still applies; the other bands are shown, named, not counted.
 */

const taxa = exchangeRateInfo({ ptax: 5.2, dataCotacao: null, fonte: 'fallback' }, 2.5); // 5,33
const BANDS: Array<[number, number]> = [
  [0, 7.1],
  [45, 5.6],
  [100, 4.35],
  [300, 3.9],
  [500, 3.45],
];
const banded = (bands = BANDS, minimo = 95) =>
  bands.map(([faixaKg, valor]) => ({ ...freightItem('KG', valor), minimo, faixaKg }));

function rowFor(pesoBrutoTotal: string, fretes: unknown[], dimensoes: string | null = null) {
  const final = makeFinal({
    modal: 'AEREO',
    porto_destino: [port('Viracopos')],
    fretes: fretes as ExtractionFinal['fretes'],
    taxas: { itens: [feeItem('AWB FEE', 35, 'USD')] },
    transit_time_dias: 3,
    validadeProposta: '2026-12-31',
  });
  const dados = { final, detect: {}, blocks: [] } as unknown as DadosExtraidos;
  const atual = { id: 'v1', versao: 1, status: 'respondido', dadosExtraidos: dados };
  const resposta: ComparisonResponse = {
    id: 'v1',
    transportadorId: 't1',
    transportador: { nome: 'Céu Azul', email: 'air@ceuazul.com.br' },
    status: 'respondido',
    dadosExtraidos: dados,
    atual,
    versoes: [],
  };
  const pedido = quoteAskedFrom({
    tipoFrete: 'AÉREO',
    destino: 'Viracopos',
    pesoBrutoTotal,
    itens: [{ mercadoria: 'Peças', quantidadeVolumes: '4 caixas', dimensoes }],
  });
  return buildComparison({ cotacaoId: 'q', respostas: [resposta], taxa, pedido, hoje: '2026-12-05' })
    .linhas[0]!;
}

const counted = (row: ReturnType<typeof rowFor>) =>
  row.fretes
    .filter((frete) => frete.valorTotal !== undefined)
    .map((frete) => [frete.valor, frete.quantidade, frete.valorTotal]);

describe('air weight bands', () => {
  it('565 kg counts the +500 band: 565 × 3,45 + AWB 35 = USD 1.984,25 → R$ 10.576,05', () => {
    const row = rowFor('565 kg', banded());
    expect(counted(row)).toEqual([[3.45, 565, 1949.25]]);
    expect(row).toMatchObject({ valorUSD: 1984.25, custoTotalBRL: 10576.05 });
    // Every band named; the counted one says its computation with its band.
    expect(row.fretes.map((frete) => frete.faixa)).toEqual([
      '-45 kg',
      '+45 kg',
      '+100 kg',
      '+300 kg',
      '+500 kg',
    ]);
    const chosen = row.fretes.find((frete) => frete.valorTotal !== undefined)!;
    expect(`${freightName(chosen)} ${chargeLineText(chosen)}`).toBe(
      'KG (faixa +500 kg) 565 kg × US$ 3,45 = US$ 1.949,25',
    );
  });

  it('90 kg is charged as 100 kg at +100 when that is cheaper: 100 × 4,35 = 435 < 90 × 5,60 = 504', () => {
    const row = rowFor('90 kg', banded());
    expect(counted(row)).toEqual([[4.35, 100, 435]]);
    const chosen = row.fretes.find((frete) => frete.valorTotal !== undefined)!;
    expect(freightName(chosen)).toBe('KG (faixa +100 kg: 90 kg cobrados como 100 kg, mais barato)');
  });

  it('60 kg stays in +45: 60 × 5,60 = 336 < 100 × 4,35 = 435', () => {
    expect(counted(rowFor('60 kg', banded()))).toEqual([[5.6, 60, 336]]);
  });

  it('a light shipment pays the minimum: 10 kg × 7,10 = 71 → M 95', () => {
    const row = rowFor('10 kg', banded());
    expect(counted(row)).toEqual([[7.1, 10, 95]]);
    expect(row.fretes.find((frete) => frete.valorTotal !== undefined)!.minimoAplicado).toBe(true);
  });

  it('the chargeable weight decides: 410 kg gross, 3,387 m³ → 565 kg (+500)', () => {
    const row = rowFor('410 kg', banded(), '4 caixas de 118 x 78 x 92 cm');
    expect(counted(row)).toEqual([[3.45, 565, 1949.25]]);
  });

  it('rates without bands keep the first rate, as before', () => {
    expect(counted(rowFor('565 kg', [freightItem('KG', 3.45)]))).toEqual([[3.45, 565, 1949.25]]);
  });
});
