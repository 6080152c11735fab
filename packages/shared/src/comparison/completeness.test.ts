import { describe, expect, it } from 'vitest';
import type { DadosExtraidos, ExtractionFinal } from '../schemas/responses.js';
import { quoteAskedFrom } from './asked.js';
import { buildComparison, type ComparisonResponse, type ComparisonVersion } from './build.js';
import { feeItem, freightItem, makeFinal, port } from './fixtures/finals.js';
import { exchangeRateInfo } from './totals.js';

/*
 * Issue 30 item 3: a row lacking charges its carrier quoted before, or that most carriers quote, says so
 * ('incompleta: sem THC'), is never the cheapest and its change is not a saving; a destination new in a
 * revision has no change.
 */

const taxa = exchangeRateInfo({ ptax: 5, dataCotacao: '2026-11-25', fonte: 'ptax' }, 0); // 5.0000
const pedido = quoteAskedFrom({
  tipoFrete: 'FCL',
  destino: 'Santos',
  itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 contêineres 40HC' }],
});

const dados = (final: ExtractionFinal) =>
  ({ final, detect: {}, blocks: [], fontes: [] }) as unknown as DadosExtraidos;
let ids = 0;
const version = (versao: number, final: ExtractionFinal): ComparisonVersion => ({
  id: `v${++ids}`,
  versao,
  status: 'respondido',
  dadosExtraidos: dados(final),
});
const response = (nome: string, versions: ComparisonVersion[]): ComparisonResponse => {
  const atual = versions.reduce((a, v) => (a.versao > v.versao ? a : v));
  return {
    id: atual.id,
    transportadorId: `t-${nome}`,
    transportador: { nome, email: `${nome}@frete.com.br` },
    status: 'respondido',
    dadosExtraidos: atual.dadosExtraidos,
    atual,
    versoes: versions.filter((v) => v !== atual),
  };
};
const thc = (valor = 1450) => ({ ...feeItem('THC', valor, 'BRL'), unidade: 'CNTR' });
const bl = () => feeItem('BL FEE', 50, 'USD');
const offer = (frete: number, fees: ReturnType<typeof feeItem>[], destino = 'Santos') =>
  makeFinal({
    porto_destino: [port(destino)],
    fretes: [freightItem('40HC', frete)],
    taxas: { itens: fees },
    transit_time_dias: 30,
  });
const build = (respostas: ComparisonResponse[]) =>
  buildComparison({ cotacaoId: 'q', respostas, taxa, pedido, hoje: '2026-11-26' });
const rowOf = (rows: ReturnType<typeof build>['linhas'], nome: string) =>
  rows.find((row) => row.transportador.nome === nome)!;

describe('complete or incomplete (issue 30)', () => {
  it('a THC quoted in EUR is there, not missing: "fora do total: THC em EUR", never the cheapest', () => {
    // Mar Azul: 2 × 2.700 + BL 50 = USD 5.450 → R$ 27.250,00; its THC EUR 250/cntr is not summed.
    const eur = { ...feeItem('THC', 250, 'EUR'), unidade: 'CNTR' };
    const marAzul = response('Mar Azul', [version(1, offer(2700, [eur, bl()]))]);
    // Two complete ones: 2 × 2.900 + 50 = 5.850 × 5 + 2.900 = R$ 32.150,00; 2 × 2.950 + 50 … R$ 32.650,00.
    const pacifico = response('Pacífico', [version(1, offer(2900, [thc(), bl()]))]);
    const atlantica = response('Atlântica', [version(1, offer(2950, [thc(), bl()]))]);
    const { linhas } = build([marAzul, pacifico, atlantica]);
    const row = rowOf(linhas, 'Mar Azul');
    expect(row.custoTotalBRL).toBe(27250);
    expect(row.taxasAusentes).toBeUndefined();
    expect(row.taxasNaoSomadas).toEqual(['THC em EUR']);
    expect(row.destaque.menorCusto).toBe(false);
    expect(rowOf(linhas, 'Pacífico')).toMatchObject({ custoTotalBRL: 32150, destaque: { menorCusto: true } });
    expect(rowOf(linhas, 'Pacífico').taxasNaoSomadas).toBeUndefined();
  });

  it("'Liberação de BL' alone is the BL fee the others quote: the row lacks nothing", () => {
    // Read as BL FEE with a release label: it counts apart from a BL fee beside it (fees.ts `chargeKey`), yet
    // for completeness it is the BL fee (the kind is the extracted name), not 'incompleta: sem BL FEE'.
    const release = { ...feeItem('BL FEE', 50, 'USD'), rotulo: 'Liberação de BL' };
    const liberacao = response('Liberação', [version(1, offer(2700, [thc(), release]))]);
    const pacifico = response('Pacífico', [version(1, offer(2900, [thc(), bl()]))]);
    const atlantica = response('Atlântica', [version(1, offer(2950, [thc(), bl()]))]);
    const row = rowOf(build([liberacao, pacifico, atlantica]).linhas, 'Liberação');
    // 2 × 2.700 + 50 = USD 5.450 × 5 = 27.250 + 2 × 1.450 = R$ 30.150,00, complete and the cheapest.
    expect(row).toMatchObject({ custoTotalBRL: 30150, destaque: { menorCusto: true } });
    expect(row.taxasAusentes).toBeUndefined();
  });

  it("a revision without the 20' price and the fees has no estimate: completing the fees would leave that freight out", () => {
    // QA pass 37: "We can improve 40HC to USD 1.900" (no "rest as before") on a quote of 2 × 40HC + 1 × 20DC
    // showed "Estimado em R$ 25.066,95": the earlier fees added back, the 20' freight not.
    const mixed = quoteAskedFrom({
      tipoFrete: 'FCL',
      destino: 'Santos',
      itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 x 40HC + 1 x 20DC' }],
    });
    const full = (frete40: number) =>
      makeFinal({
        porto_destino: [port('Santos')],
        fretes: [freightItem('40HC', frete40), freightItem('20DC', 1300)],
        taxas: { itens: [thc(), bl()] },
        transit_time_dias: 30,
      });
    const revised = makeFinal({
      porto_destino: [port('Santos')],
      fretes: [freightItem('40HC', 1900)],
      taxas: { itens: [] },
      transit_time_dias: 30,
    });
    const rota = response('Rota Sul', [version(1, full(2400)), version(2, revised)]);
    const pacifico = response('Pacífico', [version(1, full(2500))]);
    const { linhas } = buildComparison({
      cotacaoId: 'q',
      respostas: [rota, pacifico],
      taxa,
      pedido: mixed,
      hoje: '2026-11-26',
    });
    const row = rowOf(linhas, 'Rota Sul');
    expect(row.taxasAusentes).toEqual(['THC', 'BL FEE']);
    expect(row.faltando).toContain('frete20');
    expect(row.custoEstimado).toBeUndefined();
    expect(row.destaque.menorCusto).toBe(false);
    expect(rowOf(linhas, 'Pacífico').destaque.menorCusto).toBe(true);
  });

  it('with the euro rate a THC in EUR is summed: the cheapest is the one an analyst computes', () => {
    // EUR PTAX 6,00 + 0 % → 6,0000. Mar Azul: 2 × 2.700 + 50 = USD 5.450 × 5 = 27.250 + THC 2 × EUR 250 ×
    // 6 = 3.000 → R$ 30.250,00 (US$ 6.050,00), cheaper than Pacífico's R$ 32.150,00.
    const withEuro = exchangeRateInfo(
      {
        ptax: 5,
        dataCotacao: '2026-11-25',
        fonte: 'ptax',
        eur: { ptax: 6, dataCotacao: '2026-11-25', fonte: 'ptax' },
      },
      0,
    );
    const eur = { ...feeItem('THC', 250, 'EUR'), unidade: 'CNTR' };
    const marAzul = response('Mar Azul', [version(1, offer(2700, [eur, bl()]))]);
    const pacifico = response('Pacífico', [version(1, offer(2900, [thc(), bl()]))]);
    const { linhas } = buildComparison({
      cotacaoId: 'q',
      respostas: [marAzul, pacifico],
      taxa: withEuro,
      pedido,
      hoje: '2026-11-26',
    });
    const row = rowOf(linhas, 'Mar Azul');
    expect(row).toMatchObject({
      custoTotalBRL: 30250,
      custoTotalUSD: 6050,
      valorUSD: 5450,
      valorEUR: 500,
      taxasPorMoeda: { USD: 50, BRL: 0, EUR: 500 },
      destaque: { menorCusto: true },
    });
    expect(row.taxasNaoSomadas).toBeUndefined();
    expect(rowOf(linhas, 'Pacífico').valorEUR).toBeUndefined();
  });

  it('a charge the price names as included ("incl. FSC/SSC") or an equivalent name is not missing (QA pass 6)', () => {
    const kg = (nome: string, valor: number) => ({ ...feeItem(nome, valor, 'USD'), unidade: 'KG' });
    const air = (frete: number, fees: ReturnType<typeof feeItem>[], text: string) =>
      makeFinal({
        porto_destino: [port('Guarulhos')],
        fretes: [{ ...freightItem('KG', frete), source: { line: 3, text, origin: 'body' } }],
        taxas: { itens: fees },
        transit_time_dias: 4,
      });
    const airPedido = quoteAskedFrom({
      tipoFrete: 'AEREO',
      destino: 'Guarulhos',
      pesoBrutoTotal: '200 kg',
      itens: [{ mercadoria: 'Peças', quantidadeVolumes: '5 caixas' }],
    });
    const ceu = response('Céu Azul', [
      version(1, air(4.8, [kg('FSC', 1.1), feeItem('AWB FEE', 35, 'USD')], 'Air freight: USD 4,80/kg')),
    ]);
    const pac = response('Pacífico', [
      version(1, air(4.5, [kg('FSC', 0.95), feeItem('AWB FEE', 30, 'USD')], 'Frete aéreo: USD 4,50/kg')),
    ]);
    // Maré: 5,20 × 200 = 1.040 + BL 40 = USD 1.080 × 5 = R$ 5.400,00, cheaper than Pacífico's
    // (4,50 + 0,95) × 200 + 30 = 1.120 × 5 = R$ 5.600,00; its freight includes the FSC.
    const mare = response('Maré', [
      version(1, air(5.2, [feeItem('BL FEE', 40, 'USD')], 'A/F: USD 5.20 per kg (incl. FSC/SSC)')),
    ]);
    const { linhas } = buildComparison({
      cotacaoId: 'q',
      respostas: [ceu, pac, mare],
      taxa,
      pedido: airPedido,
      hoje: '2026-11-26',
    });
    expect(rowOf(linhas, 'Maré')).toMatchObject({ custoTotalBRL: 5400, destaque: { menorCusto: true } });
    expect(rowOf(linhas, 'Maré').taxasAusentes).toBeUndefined();
    // Without the words "incl." the same reply lacks the FSC the other two quote.
    const bare = response('Maré', [
      version(1, air(5.2, [feeItem('BL FEE', 40, 'USD')], 'A/F: USD 5.20 per kg')),
    ]);
    const again = buildComparison({
      cotacaoId: 'q',
      respostas: [ceu, pac, bare],
      taxa,
      pedido: airPedido,
      hoje: '2026-11-26',
    });
    expect(rowOf(again.linhas, 'Maré').taxasAusentes).toEqual(['FSC']);
    // "not included" is no inclusion.
    const excluded = response('Maré', [
      version(1, air(5.2, [feeItem('BL FEE', 40, 'USD')], 'A/F: USD 5.20 per kg (FSC not included)')),
    ]);
    const third = buildComparison({
      cotacaoId: 'q',
      respostas: [ceu, pac, excluded],
      taxa,
      pedido: airPedido,
      hoje: '2026-11-26',
    });
    expect(rowOf(third.linhas, 'Maré').taxasAusentes).toEqual(['FSC']);
  });

  it('a revision that names the BL charge "BL fee" where version 1 said "Doc fee" lacks nothing', () => {
    const revised = response('Atlântica', [
      version(1, offer(2950, [thc(), feeItem('DOC FEE', 50, 'USD')])),
      version(2, offer(2800, [thc(), bl()])),
    ]);
    const { linhas } = build([revised]);
    expect(rowOf(linhas, 'Atlântica').taxasAusentes).toBeUndefined();
    expect(rowOf(linhas, 'Atlântica').taxasVersaoAnterior).toBeUndefined();
  });

  it('LCL: a destination CFS or desova is the THC, "desconsolidação" the release fee (QA passes 6, 33)', () => {
    const lclPedido = quoteAskedFrom({
      tipoFrete: 'LCL',
      destino: 'Santos',
      pesoBrutoTotal: '300 kg',
      itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 pallets', dimensoes: '1,2 m³' }],
    });
    const lcl = (fees: ReturnType<typeof feeItem>[]) =>
      makeFinal({ porto_destino: [port('Santos')], fretes: [freightItem('WM', 41)], taxas: { itens: fees } });
    const atl = response('Atlântico', [
      version(
        1,
        lcl([
          feeItem('BL FEE', 75, 'USD'),
          feeItem('DESCONSOLIDACAO', 380, 'BRL'),
          feeItem('THC', 95, 'BRL'),
        ]),
      ),
    ]);
    const mare = response('Maré', [
      version(
        1,
        // QA pass 33: a destination desova is the cargo's handling at the CFS, the others' THC.
        lcl([feeItem('DOC FEE', 60, 'USD'), feeItem('DESOVA', 120, 'BRL'), feeItem('LIBERACAO', 250, 'BRL')]),
      ),
    ]);
    const pac = response('Pacífico', [
      version(
        1,
        lcl([feeItem('BL FEE', 50, 'USD'), feeItem('THC', 85, 'BRL'), feeItem('LIBERACAO', 300, 'BRL')]),
      ),
    ]);
    const { linhas } = buildComparison({
      cotacaoId: 'q',
      respostas: [atl, mare, pac],
      taxa,
      pedido: lclPedido,
      hoje: '2026-11-26',
    });
    for (const nome of ['Atlântico', 'Maré', 'Pacífico'])
      expect(rowOf(linhas, nome).taxasAusentes).toBeUndefined();
    expect(linhas.filter((row) => row.destaque.menorCusto)).toHaveLength(1);
  });

  it('a revision lacking only what version 1 lacked alike: the change compares like for like, a saving', () => {
    // QA pass 32: Pacífico v1 had no seal fee (two others quote one) and v2 cut the THC by R$ 300/cntr; the
    // change was called "não é economia" although both versions lack the seal fee alike.
    const lacre = () => ({ ...feeItem('LACRE', 45, 'BRL'), unidade: 'CNTR' });
    const revised = response('Pacífico', [
      version(1, offer(2900, [thc(1450), bl()])),
      version(2, offer(2900, [thc(1150), bl()])),
    ]);
    const others = ['Atlântica', 'Maré'].map((nome) =>
      response(nome, [version(1, offer(2950, [thc(), bl(), lacre()]))]),
    );
    const { linhas } = build([revised, ...others]);
    const row = rowOf(linhas, 'Pacífico');
    expect(row.taxasAusentes).toEqual(['LACRE']);
    // 2 × (1.150 − 1.450) = −R$ 600, the THC cut alone: a saving.
    expect(row.variacao).toMatchObject({ versaoAnterior: 1, custoTotalBRL: -600 });
    expect(row.variacao?.incompleta).toBeUndefined();
  });

  it('a freight an analyst corrected on version 1, kept by "demais condições mantidas", stays marked corrected', () => {
    // QA pass 32: a carried correction lost its mark (the files said "Corrigido: Não").
    const v1 = {
      ...version(1, offer(2900, [thc(), bl()])),
      correcoes: [
        {
          campo: 'fretes.0.valor',
          valor: 2900,
          valorOriginal: 2950,
          fonteOriginal: null,
          por: 'Ana',
          em: '2026-11-25T12:00:00Z',
        },
      ],
    };
    const v2 = version(
      2,
      makeFinal({
        porto_destino: [port('Santos')],
        fretes: [],
        taxas: { itens: [thc(1300), bl()] },
        condicoesMantidas: { line: 3, text: 'THC R$ 1.300,00; demais condições mantidas', origin: 'body' },
      }),
    );
    const { linhas } = build([response('Atlântica', [v1, v2])]);
    const row = rowOf(linhas, 'Atlântica');
    expect(row.versao).toBe(2);
    expect(row.fretes.find((frete) => frete.valor === 2900)).toMatchObject({
      corrigido: true,
      versaoAnterior: 1,
    });
    // 2 × 2.900 + 50 = USD 5.850 × 5 = 29.250 + 2 × 1.300 = R$ 31.850,00.
    expect(row.custoTotalBRL).toBe(31850);
  });

  it('a revision without the fees of version 1: badge, cheapest only by its estimate, no saving, each fee offered to keep', () => {
    // v1: 2 × 2.950 + BL 50 = USD 5.950 + THC 2 × 1.450 = R$ 2.900 → 5.950 × 5 + 2.900 = R$ 32.650,00
    // v2: 2 × 2.800 = USD 5.600 → R$ 28.000,00, cheaper only because THC and BL went missing
    const revised = response('Atlântica', [
      version(1, offer(2950, [thc(), bl()])),
      version(2, offer(2800, [])),
    ]);
    // Another carrier, complete: 2 × 2.900 + 50 = 5.850 × 5 + 2.900 = R$ 32.150,00
    const other = response('Pacífico', [version(1, offer(2900, [thc(), bl()]))]);
    const { linhas } = build([revised, other]);
    const atlantica = rowOf(linhas, 'Atlântica');
    expect(atlantica.custoTotalBRL).toBe(28000);
    expect(atlantica.taxasAusentes).toEqual(['THC', 'BL FEE']);
    // Completed at its own version 1's amounts (its price, not another carrier's): THC 2 × 1.450 = R$ 2.900,00,
    // BL USD 50 × 5 = R$ 250,00 → 28.000 + 2.900 + 250 = R$ 31.150,00 (estimado), below Pacífico's 32.150.
    expect(atlantica.destaque.menorCusto).toBe(true);
    expect(atlantica.menorCustoEstimado).toEqual({
      totalBRL: 31150,
      taxas: [
        { nome: 'THC', valorBRL: 2900, transportador: 'Atlântica', versaoAnterior: 1 },
        { nome: 'BL FEE', valorBRL: 250, transportador: 'Atlântica', versaoAnterior: 1 },
      ],
    });
    expect(atlantica.variacao).toMatchObject({ versaoAnterior: 1, custoTotalBRL: -4650, incompleta: true });
    expect(
      atlantica.taxasVersaoAnterior?.map((fee) => [fee.nome, fee.valor, fee.moeda, fee.unidade, fee.versao]),
    ).toEqual([
      ['THC', 1450, 'BRL', 'CNTR', 1],
      ['BL FEE', 50, 'USD', 'BL', 1],
    ]);
    const pacifico = rowOf(linhas, 'Pacífico');
    expect(pacifico.custoTotalBRL).toBe(32150);
    expect(pacifico.destaque.menorCusto).toBe(false);
    expect(pacifico.taxasAusentes).toBeUndefined();
  });

  it('two fees of one kind its previous version quoted are two lines of the estimate, each with its amount (QA pass 38)', () => {
    // v1: BL fee USD 50 and Doc fee R$ 250 (one kind, the BL's document fee); v2 restates neither. The
    // estimate said "BL FEE (R$ 516,50)" for both at 5,33; here at 5: BL 50 × 5 = 250,00 and Doc 250,00.
    const doc = { ...feeItem('DOC FEE', 250, 'BRL'), unidade: 'BL' };
    const revised = response('Gama', [
      version(1, offer(2600, [thc(), bl(), doc])),
      version(2, offer(2700, [thc()])),
    ]);
    const other = response('Pacífico', [version(1, offer(2900, [thc(), bl()]))]);
    const gama = rowOf(build([revised, other]).linhas, 'Gama');
    // 2 × 2.700 = USD 5.400 × 5 = 27.000 + THC 2.900 = R$ 29.900,00; + 250 + 250 = R$ 30.400,00 (estimado).
    expect(gama.custoTotalBRL).toBe(29900);
    expect(gama.custoEstimado).toEqual({
      totalBRL: 30400,
      taxas: [
        { nome: 'BL FEE', valorBRL: 250, transportador: 'Gama', versaoAnterior: 1 },
        { nome: 'DOC FEE', valorBRL: 250, transportador: 'Gama', versaoAnterior: 1 },
      ],
    });
  });

  it('a fee most other carriers quote (two or more, at least half) is expected', () => {
    const lacking = response('Rota Sul', [version(1, offer(2500, [bl()]))]);
    const a = response('Atlântica', [version(1, offer(2950, [thc(), bl()]))]);
    const b = response('Pacífico', [version(1, offer(2900, [thc()]))]);
    const { linhas } = build([lacking, a, b]);
    expect(rowOf(linhas, 'Rota Sul').taxasAusentes).toEqual(['THC']);
    // BL FEE: both others quote it, so Pacífico lacks it; THC: one of Atlântica's two others → not expected
    expect(rowOf(linhas, 'Pacífico').taxasAusentes).toEqual(['BL FEE']);
    expect(rowOf(linhas, 'Atlântica').taxasAusentes).toBeUndefined();
    // Compared completed at the dearest price the others quote for what each lacks: Rota Sul 2 × 2.500 + 50
    // = USD 5.050 × 5 = 25.250 + THC 2 × 1.450 (Atlântica's, tied with Pacífico's: the first) = R$ 28.150,00;
    // Pacífico 2 × 2.900 × 5 = 29.000 + 2.900 = 31.900 + BL 50 × 5 = R$ 32.150,00; Atlântica, complete,
    // 2 × 2.950 + 50 = 5.950 × 5 = 29.750 + 2.900 = R$ 32.650,00.
    expect(linhas.filter((row) => row.destaque.menorCusto).map((row) => row.transportador.nome)).toEqual([
      'Rota Sul',
    ]);
    expect(rowOf(linhas, 'Rota Sul').menorCustoEstimado).toEqual({
      totalBRL: 28150,
      taxas: [{ nome: 'THC', valorBRL: 2900, transportador: 'Atlântica' }],
    });
    expect(rowOf(linhas, 'Rota Sul').custoTotalBRL).toBe(25250);
  });

  it('an explicit all-in price lacks nothing', () => {
    const allIn = makeFinal({
      porto_destino: [port('Santos')],
      fretes: [
        {
          ...freightItem('40HC', 3200),
          source: { line: 5, text: 'Frete 40HC all in: USD 3.200', origin: 'body' },
        },
      ],
      taxas: { itens: [] },
    });
    const { linhas } = build([
      response('Mar Azul', [version(1, allIn)]),
      response('Atlântica', [version(1, offer(2950, [thc()]))]),
      response('Pacífico', [version(1, offer(2900, [thc()]))]),
    ]);
    expect(rowOf(linhas, 'Mar Azul').taxasAusentes).toBeUndefined();
  });

  it('a destination new in version 2 has no change against version 1', () => {
    const v1 = offer(2950, [thc()], 'Santos');
    const v2 = makeFinal({
      porto_destino: [port('Santos'), port('Itapoá')],
      fretes: [
        { ...freightItem('40HC', 2900), destino: 'Santos' },
        { ...freightItem('40HC', 2700), destino: 'Itapoá' },
      ],
      taxas: { itens: [thc()] },
    });
    const { linhas } = build([response('Atlântica', [version(1, v1), version(2, v2)])]);
    const santos = linhas.find((row) => row.destino === 'Santos')!;
    const itapoa = linhas.find((row) => row.destino === 'Itapoá')!;
    // 2 × (2.900 − 2.950) × 5 = −500
    expect(santos.variacao).toMatchObject({ versaoAnterior: 1, custoTotalBRL: -500 });
    expect(itapoa.variacao).toBeNull();
  });
});

describe('per destination (issue 30)', () => {
  it('each destination row takes its own transit and free time when the reply gives them', () => {
    const final = makeFinal({
      porto_destino: [port('Navegantes'), port('Itapoá')],
      destinos: [
        { nome: 'Navegantes', valorFreteUSD: 1390, valorFreteBRL: null, transit_time_dias: 45 },
        {
          nome: 'Itapoá',
          valorFreteUSD: 1350,
          valorFreteBRL: null,
          transit_time_dias: 43,
          free_time_dias: 21,
        },
      ],
      fretes: [
        { ...freightItem('40HC', 1390), destino: 'Navegantes' },
        { ...freightItem('40HC', 1350), destino: 'Itapoá' },
      ],
      taxas: { itens: [] },
      transit_time_dias: null,
      free_time_destino_dias: 14,
    });
    const { linhas } = build([response('Pacífico', [version(1, final)])]);
    const navegantes = linhas.find((row) => row.destino === 'Navegantes')!;
    const itapoa = linhas.find((row) => row.destino === 'Itapoá')!;
    expect([navegantes.prazo.valor, navegantes.freeTime.valor]).toEqual([45, 14]);
    expect([itapoa.prazo.valor, itapoa.freeTime.valor]).toEqual([43, 21]);
    expect(navegantes.faltando).not.toContain('prazo');
    expect(itapoa.destaque.menorPrazo).toBe(true);
  });
});

describe('one charge by two names across carriers (ADR 0024 addendum)', () => {
  it('"Doc fee per BL" is the per-BL charge the others call "BL fee": not incomplete', () => {
    const doc = () => feeItem('DOC FEE', 60, 'USD');
    const { linhas } = build([
      response('Atlântica', [version(1, offer(2950, [thc(), doc()]))]),
      response('Pacífico', [version(1, offer(2900, [thc(), bl()]))]),
      response('Índico', [version(1, offer(3000, [thc(), bl()]))]),
    ]);
    expect(rowOf(linhas, 'Atlântica').taxasAusentes).toBeUndefined();
    // Without any per-BL charge it is still incomplete, named as the others name it.
    const bare = build([
      response('Atlântica', [version(1, offer(2950, [thc()]))]),
      response('Pacífico', [version(1, offer(2900, [thc(), bl()]))]),
      response('Índico', [version(1, offer(3000, [thc(), doc()]))]),
    ]);
    expect(rowOf(bare.linhas, 'Atlântica').taxasAusentes).toEqual(['BL FEE']);
  });
});

describe('what a revision leaves unsaid (ADR 0024 addendum)', () => {
  const navegantes = makeFinal({
    porto_destino: [port('Navegantes')],
    fretes: [freightItem('40HC', 2000)],
    taxas: { itens: [thc(1300), bl()] },
    transit_time_dias: 40,
    free_time_destino_dias: 21,
    validadeProposta: '2026-12-30',
    evidence: {
      transit_time_dias: {
        confidence: 0.9,
        source: { line: 7, text: 'Transit time: 40 dias', origin: 'body' },
        method: 'label',
      },
    },
  });
  const kept = { line: 4, text: 'Demais condições sem alteração.', origin: 'body' };
  const priceOnly = (extra: Partial<ExtractionFinal> = {}) =>
    makeFinal({ fretes: [freightItem('40HC', 1900)], ...extra });

  it('"demais condições sem alteração": the port, its road cost, the fees, transit, free time and validity of v1', () => {
    const { linhas } = build([
      response('Atlântica', [version(1, navegantes), version(2, priceOnly({ condicoesMantidas: kept }))]),
    ]);
    const [row] = linhas;
    expect(row).toMatchObject({ versao: 2, destino: 'Navegantes', destinoVersaoAnterior: 1 });
    expect(row!.condicoesMantidas).toEqual({ trecho: 'Demais condições sem alteração.', versao: 1 });
    expect(row!.taxas.map((t) => [t.nome, t.valor, t.quantidade, t.origem])).toEqual([
      ['THC', 1300, 2, 'versao_anterior'],
      ['BL FEE', 50, 1, 'versao_anterior'],
    ]);
    // USD 2 × 1.900 + 50 = 3.850 × 5 = 19.250 + THC 2 × 1.300 = 2.600 + road Navegantes 2 × 1.035 = 2.070
    expect(row).toMatchObject({
      valorUSD: 3850,
      valorBRL: 2600,
      custoRodoviario: 2070,
      custoTotalBRL: 23920,
    });
    expect(row!.prazo).toMatchObject({ valor: 40, versaoAnterior: 1, campo: 'transit_time_dias' });
    expect(row!.prazo.fonte).toMatchObject({ text: 'Transit time: 40 dias', origin: 'versao:1' });
    expect(row!.freeTime).toMatchObject({ valor: 21, versaoAnterior: 1 });
    expect(row!.validade).toMatchObject({ valor: '2026-12-30', versaoAnterior: 1 });
    expect(row!.faltando).toEqual([]);
    expect(row!.taxasAusentes).toBeUndefined();
    // v1: 2 × 2.000 + 50 = 4.050 → the saving is 2 × 100 = USD 200 (R$ 1.000)
    expect(row!.variacao).toEqual({ versaoAnterior: 1, custoTotalBRL: -1000, custoTotalUSD: -200, prazo: 0 });
  });

  it('without those words, the port and terms carry but the fees do not: incomplete, offered to keep', () => {
    const { linhas } = build([response('Atlântica', [version(1, navegantes), version(2, priceOnly())])]);
    const [row] = linhas;
    expect(row).toMatchObject({ destino: 'Navegantes', custoRodoviario: 2070 });
    expect(row!.condicoesMantidas).toBeUndefined();
    expect(row!.taxas).toEqual([]);
    expect(row!.taxasAusentes).toEqual(['THC', 'BL FEE']);
    expect(row!.prazo).toMatchObject({ valor: 40, versaoAnterior: 1 });
  });

  it('what the revision states is its own; a fee it restates is not doubled', () => {
    const own = priceOnly({
      condicoesMantidas: kept,
      porto_destino: [port('Itajaí')],
      transit_time_dias: 35,
      taxas: { itens: [thc(1250)] },
    });
    const { linhas } = build([response('Atlântica', [version(1, navegantes), version(2, own)])]);
    const [row] = linhas;
    expect(row).toMatchObject({ destino: 'Itajaí' });
    expect(row!.destinoVersaoAnterior).toBeUndefined();
    expect(row!.prazo.valor).toBe(35);
    expect(row!.prazo.versaoAnterior).toBeUndefined();
    // A new port keeps v1's offer-wide free time and validity (not a transit time: that is per port).
    expect(row!.freeTime).toMatchObject({ valor: 21, versaoAnterior: 1 });
    expect(row!.validade).toMatchObject({ valor: '2026-12-30', versaoAnterior: 1 });
    expect(row!.taxas.map((t) => [t.nome, t.valor, t.origem ?? null])).toEqual([
      ['THC', 1250, null],
      ['BL FEE', 50, 'versao_anterior'],
    ]);
  });

  it('a second "sem alteração" keeps what the first kept, each value naming the version that stated it', () => {
    const v2 = priceOnly({ condicoesMantidas: kept });
    const v3 = makeFinal({ fretes: [freightItem('40HC', 1850)], condicoesMantidas: kept });
    const { linhas } = build([
      response('Atlântica', [version(1, navegantes), version(2, v2), version(3, v3)]),
    ]);
    const [row] = linhas;
    expect(row).toMatchObject({
      versao: 3,
      destino: 'Navegantes',
      destinoVersaoAnterior: 2,
      custoRodoviario: 2070,
    });
    expect(row!.taxas.map((t) => [t.nome, t.valor, t.origem, t.fonte?.origin ?? null])).toEqual([
      ['THC', 1300, 'versao_anterior', 'versao:1'],
      ['BL FEE', 50, 'versao_anterior', 'versao:1'],
    ]);
    expect(row!.prazo).toMatchObject({ valor: 40, versaoAnterior: 1 });
    expect(row!.prazo.fonte).toMatchObject({ text: 'Transit time: 40 dias', origin: 'versao:1' });
    // USD 2 × 1.850 + 50 = 3.750 × 5 = 18.750 + 2.600 + 2.070; against v2 as read (3.850): 2 × 50 less
    expect(row).toMatchObject({ valorUSD: 3750, valorBRL: 2600, custoTotalBRL: 23420 });
    expect(row!.variacao).toEqual({ versaoAnterior: 2, custoTotalBRL: -500, custoTotalUSD: -100, prazo: 0 });
    expect(row!.taxasAusentes).toBeUndefined();
  });

  it('"demais condições mantidas" after a version with no figure at all keeps the last offer with prices', () => {
    // v2 was a reply the engine found nothing in ("Nenhum valor identificado", QA pass 4).
    const v2 = makeFinal({ fretes: [], transit_time_dias: null });
    const v3 = makeFinal({ fretes: [freightItem('40HC', 1850)], condicoesMantidas: kept });
    const [row] = build([
      response('Atlântica', [version(1, navegantes), version(2, v2), version(3, v3)]),
    ]).linhas;
    expect(row).toMatchObject({ versao: 3, destino: 'Navegantes', destinoVersaoAnterior: 1 });
    expect(row!.taxas.map((t) => [t.nome, t.valor, t.origem, t.fonte?.origin ?? null])).toEqual([
      ['THC', 1300, 'versao_anterior', 'versao:1'],
      ['BL FEE', 50, 'versao_anterior', 'versao:1'],
    ]);
    // The same total as a v3 right after v1: USD 2 × 1.850 + 50 = 3.750 × 5 = 18.750 + 2.600 + 2.070.
    expect(row).toMatchObject({ valorUSD: 3750, valorBRL: 2600, custoTotalBRL: 23420 });
    expect(row!.variacao?.versaoAnterior).toBe(1);
    expect(row!.taxasAusentes).toBeUndefined();
  });

  it('a new port without its own transit takes none from another port', () => {
    const itajai = priceOnly({ condicoesMantidas: kept, porto_destino: [port('Itajaí')] });
    const { linhas } = build([response('Atlântica', [version(1, navegantes), version(2, itajai)])]);
    expect(linhas[0]!.prazo.valor).toBeNull();
    expect(linhas[0]!.faltando).toContain('prazo');
    expect(linhas[0]!.freeTime.valor).toBe(21);
  });

  it('an all-in v1 stays all-in in a revision that keeps the rest: complete, the saving is real', () => {
    const allIn = makeFinal({
      porto_destino: [port('Navegantes')],
      fretes: [{ ...freightItem('40HC', 2300), rotulo: 'Frete all in' }],
      transit_time_dias: 30,
    });
    // Two others quote THC and BL fee: a row without them is incomplete unless its freight is all in.
    const others = [
      response('Pacífico', [version(1, offer(2500, [thc(), bl()]))]),
      response('Índico', [version(1, offer(2600, [thc(), bl()]))]),
    ];
    const revised = (extra: Partial<ExtractionFinal>) =>
      build([response('Atlântica', [version(1, allIn), version(2, priceOnly(extra))]), ...others]);
    const keptRow = rowOf(revised({ condicoesMantidas: kept }).linhas, 'Atlântica');
    expect(keptRow.taxasAusentes).toBeUndefined();
    expect(keptRow.freteAllIn).toBe(true);
    // 2 × (1.900 − 2.300) × 5 = −4.000, not "incompleta"
    expect(keptRow.variacao).toEqual({
      versaoAnterior: 1,
      custoTotalBRL: -4000,
      custoTotalUSD: -800,
      prazo: 0,
    });
    // Without the words, the new price is not said to be all in: incomplete, as before.
    const bare = rowOf(revised({}).linhas, 'Atlântica');
    expect(bare.taxasAusentes).toEqual(['THC', 'BL FEE']);
    expect(bare.freteAllIn).toBeUndefined();
  });

  it('a revision whose freight was not priced shows no change (never a saving of everything)', () => {
    const unpriced = makeFinal({ fretes: [freightItem('BL', 1900)], condicoesMantidas: kept });
    const { linhas } = build([response('Atlântica', [version(1, navegantes), version(2, unpriced)])]);
    expect(linhas[0]!.precificada).toBe(false);
    expect(linhas[0]!.variacao).toBeNull();
  });
});

describe('a revision of part of a two-port, two-type offer that keeps the rest (ADR 0024 addendum)', () => {
  // 2 × 40HC + 1 × 20DV to Santos or Itapoá, at R$ 5,00 per USD.
  const mixed = quoteAskedFrom({
    tipoFrete: 'FCL',
    destino: 'Santos ou Itapoá',
    itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 contêineres 40HC e 1 contêiner 20DV' }],
  });
  const buildMixed = (respostas: ComparisonResponse[]) =>
    buildComparison({ cotacaoId: 'q', respostas, taxa, pedido: mixed, hoje: '2026-11-26' });
  const kept = { line: 3, text: 'Demais condições mantidas.', origin: 'body' };
  // Santos: USD 2 × 1.800 + 1.100 + BL 60 = 4.760 × 5 = 23.800 + THC 3 × 1.500 = 4.500 → R$ 28.300,00
  // Itapoá: USD 2 × 1.700 + 1.050 + 60 = 4.510 × 5 = 22.550 + 4.500 + road 3 × 2.100 = 6.300 → R$ 33.350,00
  const v1 = makeFinal({
    porto_destino: [port('Santos'), port('Itapoá')],
    fretes: [
      freightItem('40HC', 1800, 'USD', 'Santos'),
      freightItem('20DV', 1100, 'USD', 'Santos'),
      freightItem('40HC', 1700, 'USD', 'Itapoá'),
      freightItem('20DV', 1050, 'USD', 'Itapoá'),
    ],
    taxas: {
      itens: [
        { ...feeItem('THC', 1500, 'BRL'), unidade: 'CNTR' },
        { ...feeItem('BL FEE', 60), unidade: 'BL' },
      ],
    },
    transit_time_dias: 30,
  });
  const byPort = (rows: ReturnType<typeof buildMixed>['linhas']) =>
    Object.fromEntries(rows.map((row) => [row.destino ?? '', row] as const));

  it('the quote asks 2 × 40HC and 1 × 20DV', () => {
    expect(mixed.conteineres.map((ask) => [ask.tipo, ask.quantidade])).toEqual([
      ['40HC', 2],
      ['20DC', 1],
    ]);
    const rows = byPort(buildMixed([response('Atlântica', [version(1, v1)])]).linhas);
    expect(rows.Santos!.custoTotalBRL).toBe(28300);
    expect(rows['Itapoá']!.custoTotalBRL).toBe(33350);
  });

  it('"melhorar para Santos: 40HC USD 1.650": the 20DV keeps its price, Itapoá keeps its offer', () => {
    const v2 = makeFinal({
      porto_destino: [port('Santos')],
      fretes: [freightItem('40HC', 1650)],
      condicoesMantidas: kept,
    });
    const { linhas } = buildMixed([response('Atlântica', [version(1, v1), version(2, v2)])]);
    expect(linhas).toHaveLength(2);
    const rows = byPort(linhas);
    // USD 2 × 1.650 + 1.100 (v1) + 60 = 4.460 × 5 = 22.300 + 4.500 → R$ 26.800,00, R$ 1.500 (USD 300) less
    expect(rows.Santos).toMatchObject({ versao: 2, valorUSD: 4460, valorBRL: 4500, custoTotalBRL: 26800 });
    expect(rows.Santos!.fretes.map((f) => [f.tipo, f.valor, f.quantidade, f.versaoAnterior])).toEqual([
      ['40HC', 1650, 2, undefined],
      ['20DV', 1100, 1, 1],
    ]);
    expect(rows.Santos!.faltando.filter((item) => item.startsWith('frete'))).toEqual([]);
    expect(rows.Santos!.variacao).toMatchObject({ custoTotalBRL: -1500, custoTotalUSD: -300 });
    // Itapoá: version 1's offer, unchanged, under version 2, every figure named 'da versão 1'.
    expect(rows['Itapoá']).toMatchObject({ versao: 2, destinoVersaoAnterior: 1, custoTotalBRL: 33350 });
    expect(rows['Itapoá']!.fretes.map((f) => [f.valor, f.versaoAnterior, f.campo])).toEqual([
      [1700, 1, null],
      [1050, 1, null],
    ]);
    expect(rows['Itapoá']!.variacao).toMatchObject({ custoTotalBRL: 0 });
  });

  it('"Nova opção com destino Navegantes … Demais condições sem alteração": a third port beside the two', () => {
    const v2 = makeFinal({
      porto_destino: [port('Navegantes')],
      fretes: [freightItem('40HC', 1700), freightItem('20DV', 1100)],
      taxas: { itens: [{ ...feeItem('THC', 1250, 'BRL'), unidade: 'CNTR' }] },
      condicoesMantidas: kept,
    });
    const { linhas } = buildMixed([response('Atlântica', [version(1, v1), version(2, v2)])]);
    const rows = byPort(linhas);
    expect(Object.keys(rows).sort()).toEqual(['Itapoá', 'Navegantes', 'Santos']);
    // USD 2 × 1.700 + 1.100 + BL 60 (v1) = 4.560 × 5 = 22.800 + THC 3 × 1.250 = 3.750 + road 3 × 1.035 = 3.105
    expect(rows.Navegantes).toMatchObject({
      valorUSD: 4560,
      valorBRL: 3750,
      custoRodoviario: 3105,
      custoTotalBRL: 29655,
    });
    expect(rows.Navegantes!.variacao).toBeNull();
    expect(rows.Santos!.custoTotalBRL).toBe(28300);
    expect(rows.Santos!.destaque.menorCusto).toBe(true);
    expect(rows.Navegantes!.destaque.menorCusto).toBe(false);
  });

  it('"THC R$ 1.250 por contêiner. Frete sem alteração": each port keeps its freight', () => {
    const v2 = makeFinal({
      taxas: { itens: [{ ...feeItem('THC', 1250, 'BRL'), unidade: 'CNTR' }] },
      condicoesMantidas: {
        line: 3,
        text: 'THC R$ 1.250,00 por contêiner. Frete sem alteração.',
        origin: 'body',
      },
    });
    const rows = byPort(buildMixed([response('Atlântica', [version(1, v1), version(2, v2)])]).linhas);
    // Santos: 4.760 × 5 = 23.800 + 3 × 1.250 = 3.750 → R$ 27.550,00; Itapoá: 22.550 + 3.750 + 6.300 = R$ 32.600,00
    expect(rows.Santos).toMatchObject({ custoTotalBRL: 27550, precificada: true });
    expect(rows['Itapoá']).toMatchObject({ custoTotalBRL: 32600, precificada: true });
    expect(rows.Santos!.fretes.every((f) => f.versaoAnterior === 1)).toBe(true);
  });
});

describe('a revision that prices a freight the earlier version left out (QA pass 23)', () => {
  it('says the change compares different shipments, not a rise', () => {
    const mixedPedido = quoteAskedFrom({
      tipoFrete: 'FCL',
      destino: 'Santos',
      itens: [{ mercadoria: 'Peças', quantidadeVolumes: '1 x 20DV + 2 x 40HC' }],
    });
    // v1: 40HC only (2 × 2.250); v2: 20DV 1.400 added, 40HC lowered to 2.150 → the total rises by
    // 1.400 − 2 × 100 = USD 1.200 × 5 = R$ 6.000,00, yet no price rose.
    const v1 = version(
      1,
      makeFinal({ porto_destino: [port('Santos')], fretes: [freightItem('40HC', 2250)] }),
    );
    const v2 = version(
      2,
      makeFinal({
        porto_destino: [port('Santos')],
        fretes: [freightItem('20DC', 1400), freightItem('40HC', 2150)],
      }),
    );
    const { linhas } = buildComparison({
      cotacaoId: 'q',
      respostas: [response('Maré Alta', [v1, v2])],
      taxa,
      pedido: mixedPedido,
      hoje: '2026-11-26',
    });
    expect(linhas[0]!.variacao).toEqual({
      versaoAnterior: 1,
      custoTotalBRL: 6000,
      custoTotalUSD: 1200,
      prazo: null,
      anteriorSemFrete: ['frete20'],
    });
  });
});

describe('a revision that leaves out a freight the earlier version priced (QA pass 40b)', () => {
  it('its change is not a saving, even with every fee kept', () => {
    const mixedPedido = quoteAskedFrom({
      tipoFrete: 'FCL',
      destino: 'Santos',
      itens: [{ mercadoria: 'Peças', quantidadeVolumes: '1 x 20DV + 2 x 40HC' }],
    });
    const fees = [thc(1500)];
    const v1 = version(
      1,
      makeFinal({
        porto_destino: [port('Santos')],
        fretes: [freightItem('20DC', 1300), freightItem('40HC', 2350)],
        taxas: { itens: fees },
      }),
    );
    // v2 prices the 40HC only (2.200) with the same THC: the total falls by 2 × 150 + the 20' 1.300.
    const v2 = version(
      2,
      makeFinal({
        porto_destino: [port('Santos')],
        fretes: [freightItem('40HC', 2200)],
        taxas: { itens: fees },
      }),
    );
    const [row] = buildComparison({
      cotacaoId: 'q',
      respostas: [response('Rota Sul', [v1, v2])],
      taxa,
      pedido: mixedPedido,
      hoje: '2026-11-26',
    }).linhas;
    expect(row!.faltando).toContain('frete20');
    // USD −1.600 × 5 = −R$ 8.000,00, of which the missing 20' is 1.300 × 5 = 6.500: not a saving.
    expect(row!.variacao).toMatchObject({ versaoAnterior: 1, custoTotalBRL: -8000, incompleta: true });
  });
});

describe('a latest version that could not be read (QA pass 25)', () => {
  it('keeps the last version read in the comparison, says which is newer, and no figure of it is correctable', () => {
    const v1 = version(1, offer(2400, [thc(1500)]));
    const v2: ComparisonVersion = {
      id: `v${++ids}`,
      versao: 2,
      status: 'respondido',
      extracao: 'falhou',
      dadosExtraidos: null,
    };
    const entry: ComparisonResponse = {
      id: v2.id,
      transportadorId: 't-Atlântico',
      transportador: { nome: 'Atlântico', email: 'a@frete.com.br' },
      status: 'respondido',
      dadosExtraidos: null,
      atual: { id: v2.id, versao: 2, status: 'respondido', extracao: 'falhou' },
      versoes: [v1],
    };
    const row = build([entry]).linhas[0]!;
    // v1: 2 × 2.400 × 5 = 24.000 + THC 2 × 1.500 = R$ 27.000,00 — not "Extração falhou".
    expect(row).toMatchObject({
      extracao: 'concluida',
      versao: 1,
      versaoNaoLida: 2,
      custoTotalBRL: 27000,
      respostaId: v2.id,
    });
    expect(row.destaque.menorCusto).toBe(true);
    expect([...row.fretes, ...row.taxas].map((figure) => figure.campo)).toEqual([null, null]);
  });

  it('after a version without prices, keeps the last priced one (QA pass 40b: v2 priced, v3 empty, v4 garbled)', () => {
    const v1 = version(1, offer(2500, [thc(1400)]));
    const v2 = version(2, offer(2400, [thc(1500)]));
    // v3: a reply with no figure at all (an empty body): read, nothing priced.
    const nothing = (reasons: string[]) =>
      ({
        ...dados(makeFinal({ porto_destino: [], fretes: [], taxas: { itens: [] } })),
        detect: { reasons },
      }) as unknown as DadosExtraidos;
    const v3: ComparisonVersion = { ...version(3, makeFinal({})), dadosExtraidos: nothing([]) };
    const v4: ComparisonVersion = {
      ...version(4, makeFinal({})),
      dadosExtraidos: nothing(['bad.pdf: tipo de arquivo não reconhecido']),
    };
    const row = build([response('Céu Azul', [v1, v2, v3, v4])]).linhas[0]!;
    // v2: 2 × 2.400 × 5 = 24.000 + THC 2 × 1.500 = R$ 27.000,00 — not "Frete não informado".
    expect(row).toMatchObject({
      versao: 2,
      versaoNaoLida: 4,
      versaoSemValores: { versao: 3, recusa: false },
      custoTotalBRL: 27000,
      precificada: true,
    });
  });
});
