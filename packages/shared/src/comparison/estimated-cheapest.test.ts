import { describe, expect, it } from 'vitest';
import { comparisonSchema } from '../schemas/comparison.js';
import type { DadosExtraidos, ExtractionFinal } from '../schemas/responses.js';
import { quoteAskedFrom } from './asked.js';
import { buildComparison, type ComparisonResponse, type ComparisonVersion } from './build.js';
import { estimateNoteText } from './estimate-text.js';
import { feeItem, freightItem, makeFinal, port } from './fixtures/finals.js';
import { exchangeRateInfo } from './totals.js';

/*
 * QA pass (high severity): "Menor custo" went to the only complete proposal, 49,6 % dearer than an
 * incomplete one that, completed at the dearest price another agent quotes for what it lacks, stays far
 * below it. Analysts equalise proposals: a charge a proposal lacks is costed at what the others quote for
 * it (the highest amount another carrier's row counts for that kind, in BRL), and the lowest of the
 * complete totals and the incomplete rows' estimates is "Menor custo" — the estimate said, never summed
 * into the row's own totals.
 */

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
const rowOf = (rows: ReturnType<typeof buildComparison>['linhas'], nome: string) =>
  rows.find((row) => row.transportador.nome === nome)!;
const cheapest = (rows: ReturnType<typeof buildComparison>['linhas']) =>
  rows.filter((row) => row.destaque.menorCusto).map((row) => row.transportador.nome);

describe('LCL 4.200 kg / 7,8 m³ at R$ 5,33: the QA pass table', () => {
  // W/M = max(4,2 t, 7,8 m³) = 7,8. Rate 5,33 + 0 % margin = 5,3300. Santos has no road cost.
  const taxa = exchangeRateInfo({ ptax: 5.33, dataCotacao: '2026-11-25', fonte: 'ptax' }, 0);
  const pedido = quoteAskedFrom({
    tipoFrete: 'LCL',
    destino: 'Santos',
    pesoBrutoTotal: '4.200 kg',
    itens: [{ mercadoria: 'Peças', quantidadeVolumes: '12 pallets', dimensoes: 'total 7,8 m³' }],
  });
  const perM3 = (nome: string, valor: number, moeda: string) => ({
    ...feeItem(nome, valor, moeda),
    unidade: 'M3',
  });
  const lcl = (frete: ExtractionFinal['fretes'][number], fees: ReturnType<typeof feeItem>[]) =>
    makeFinal({
      porto_destino: [port('Santos')],
      fretes: [frete],
      taxas: { itens: fees },
      transit_time_dias: 35,
    });
  // Atlântico: USD 7,8 × 38 = 296,40 + BL 60 = 356,40 × 5,33 = 1.899,612; BRL desconsolidação 7,8 × 95 =
  // 741,00 → R$ 2.640,612 → R$ 2.640,61. Lacks the CFS (the LCL THC) that Maré Alta and Pacífico quote.
  const atlantico = (frete = 38) =>
    response('Atlântico', [
      version(1, lcl(freightItem('WM', frete), [feeItem('BL FEE', 60), perM3('DESCONSOLIDACAO', 95, 'BRL')])),
    ]);
  // Maré Alta: USD 7,8 × 36 = 280,80 + BAF 60 + BL 55 = 395,80 × 5,33 = 2.109,614; BRL CFS 7,8 × 85 = 663,00
  // → R$ 2.772,614 → R$ 2.772,61. Lacks the desconsolidação Atlântico and Pacífico quote.
  const mare = response('Maré Alta', [
    version(
      1,
      lcl(freightItem('WM', 36), [feeItem('BAF', 60), feeItem('BL FEE', 55), perM3('CFS', 85, 'BRL')]),
    ),
  ]);
  // Pacífico: USD 7,8 × 45 = 351,00 × 5,33 = 1.870,83; BRL THC 7,8 × 70 = 546,00 + desconsolidação 400,00 =
  // 946,00 → R$ 2.816,83. Lacks the BL fee Atlântico and Maré Alta quote.
  const pacifico = (frete = 45) =>
    response('Pacífico', [
      version(
        1,
        lcl(freightItem('WM', frete), [
          perM3('THC', 70, 'BRL'),
          { ...feeItem('DESCONSOLIDACAO', 400, 'BRL'), unidade: 'BL' },
        ]),
      ),
    ]);
  // Rota Sul, all in: USD 7,8 × 95 = 741,00 × 5,33 = R$ 3.949,53, complete.
  const rotaSul = (frete = 95) =>
    response('Rota Sul', [version(1, lcl({ ...freightItem('WM', frete), rotulo: 'Frete all in' }, []))]);
  const build = (respostas: ComparisonResponse[]) =>
    buildComparison({ cotacaoId: 'q', respostas, taxa, pedido, hoje: '2026-11-26' });

  it('"Menor custo" is the lowest estimate: Pacífico completed with Atlântico\'s BL fee, not the all-in Rota Sul', () => {
    // Each incomplete row completed with the highest amount another carrier counts for what it lacks:
    // Atlântico + CFS: Maré Alta's R$ 663,00 (over Pacífico's THC 7,8 × 70 = R$ 546,00) → R$ 3.303,61;
    // Maré Alta + desconsolidação: Atlântico's 7,8 × 95 = R$ 741,00 (over Pacífico's 400) → R$ 3.513,61;
    // Pacífico + BL fee: Atlântico's USD 60 × 5,33 = R$ 319,80 (over Maré Alta's 55 × 5,33 = 293,15)
    // → 2.816,83 + 319,80 = R$ 3.136,63, the lowest; Rota Sul R$ 3.949,53 is 25,9 % above it.
    const { linhas } = build([atlantico(), mare, pacifico(), rotaSul()]);
    // The totals and what each lacks are those of the table.
    expect(linhas.map((row) => [row.transportador.nome, row.custoTotalBRL, row.taxasAusentes ?? []])).toEqual(
      [
        ['Atlântico', 2640.61, ['CFS']],
        ['Maré Alta', 2772.61, ['DESCONSOLIDACAO']],
        ['Pacífico', 2816.83, ['BL FEE']],
        ['Rota Sul', 3949.53, []],
      ],
    );
    expect(cheapest(linhas)).toEqual(['Pacífico']);
    const row = rowOf(linhas, 'Pacífico');
    expect(row.menorCustoEstimado).toEqual({
      totalBRL: 3136.63,
      taxas: [{ nome: 'BL FEE', valorBRL: 319.8, transportador: 'Atlântico' }],
    });
    expect([row.custoTotalBRL, row.valorUSD, row.valorBRL]).toEqual([2816.83, 351, 946]);
    expect(estimateNoteText(row.menorCustoEstimado!)).toBe(
      'Estimado em R$ 3.136,63, completando com BL FEE de Atlântico (R$ 319,80)',
    );
    expect(rowOf(linhas, 'Rota Sul').destaque.menorCusto).toBe(false);
    // Only the marked row is the cheapest by its estimate; every incomplete row says what it would cost
    // completed (QA pass 26): Atlântico + Maré Alta's CFS 663,00 = 3.303,61.
    for (const nome of ['Atlântico', 'Maré Alta', 'Rota Sul'])
      expect(rowOf(linhas, nome).menorCustoEstimado).toBeUndefined();
    expect(rowOf(linhas, 'Atlântico').custoEstimado).toEqual({
      totalBRL: 3303.61,
      taxas: [{ nome: 'CFS', valorBRL: 663, transportador: 'Maré Alta' }],
    });
    expect(rowOf(linhas, 'Rota Sul').custoEstimado).toBeUndefined();
    expect(() => comparisonSchema.parse({ ...build([]), linhas })).not.toThrow();
  });

  it("with Pacífico's freight at USD 60/W/M, Atlântico is the lowest: CFS at Maré Alta's R$ 663,00 → R$ 3.303,61", () => {
    // Pacífico: 7,8 × 60 = 468 × 5,33 = 2.494,44 + 946 = R$ 3.440,44, + BL 319,80 → R$ 3.760,24 (estimado).
    // Atlântico 2.640,61 + 663,00 = R$ 3.303,61 < Maré Alta's 3.513,61 < 3.760,24 < Rota Sul's 3.949,53.
    const { linhas } = build([atlantico(), mare, pacifico(60), rotaSul()]);
    expect(rowOf(linhas, 'Pacífico').custoTotalBRL).toBe(3440.44);
    expect(cheapest(linhas)).toEqual(['Atlântico']);
    const row = rowOf(linhas, 'Atlântico');
    expect(row.custoTotalBRL).toBe(2640.61);
    expect(row.menorCustoEstimado).toEqual({
      totalBRL: 3303.61,
      taxas: [{ nome: 'CFS', valorBRL: 663, transportador: 'Maré Alta' }],
    });
    expect(estimateNoteText(row.menorCustoEstimado!)).toBe(
      'Estimado em R$ 3.303,61, completando com CFS de Maré Alta (R$ 663,00)',
    );
  });

  it('a complete row below every estimate stays "Menor custo", without an estimate; above one, it loses', () => {
    // Rota Sul all in at USD 70/W/M: 7,8 × 70 = 546 × 5,33 = R$ 2.910,18 — above every incomplete row's own
    // total (2.640,61; 2.772,61; 2.816,83) but below their estimates (3.303,61; 3.513,61; 3.136,63).
    const { linhas } = build([atlantico(), mare, pacifico(), rotaSul(70)]);
    expect(cheapest(linhas)).toEqual(['Rota Sul']);
    const row = rowOf(linhas, 'Rota Sul');
    expect(row.custoTotalBRL).toBe(2910.18);
    expect(row).not.toHaveProperty('menorCustoEstimado');
    // At USD 76/W/M: 7,8 × 76 = 592,80 × 5,33 = R$ 3.159,62, above Pacífico's estimate R$ 3.136,63.
    const dearer = build([atlantico(), mare, pacifico(), rotaSul(76)]).linhas;
    expect(rowOf(dearer, 'Rota Sul').custoTotalBRL).toBe(3159.62);
    expect(cheapest(dearer)).toEqual(['Pacífico']);
  });
});

describe('estimates: ties, other currencies, a previous version (FCL 2 × 40HC at R$ 5,00)', () => {
  const taxa = exchangeRateInfo({ ptax: 5, dataCotacao: '2026-11-25', fonte: 'ptax' }, 0);
  const pedido = quoteAskedFrom({
    tipoFrete: 'FCL',
    destino: 'Santos',
    itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 contêineres 40HC' }],
  });
  const thc = (valor = 1450, moeda = 'BRL') => ({ ...feeItem('THC', valor, moeda), unidade: 'CNTR' });
  const bl = () => feeItem('BL FEE', 50, 'USD');
  const offer = (frete: number, fees: ReturnType<typeof feeItem>[]) =>
    makeFinal({
      porto_destino: [port('Santos')],
      fretes: [freightItem('40HC', frete)],
      taxas: { itens: fees },
      transit_time_dias: 30,
    });
  const build = (respostas: ComparisonResponse[], rate = taxa) =>
    buildComparison({ cotacaoId: 'q', respostas, taxa: rate, pedido, hoje: '2026-11-26' });

  it('a complete total equal to an estimate: both are "Menor custo", only the incomplete one estimated', () => {
    // Rota Sul: 2 × 2.500 + BL 50 = USD 5.050 × 5 = R$ 25.250,00, lacks THC; + THC 2 × 1.450 = 2.900 (the
    // others' highest) → R$ 28.150,00 (estimado). Atlântica, complete: 2 × 2.500 + 50 = 5.050 × 5 = 25.250 +
    // 2.900 = R$ 28.150,00. Pacífico: 2 × 2.900 × 5 = 29.000 + 2.900 = 31.900, lacks BL → + 250 = 32.150.
    const { linhas } = build([
      response('Rota Sul', [version(1, offer(2500, [bl()]))]),
      response('Atlântica', [version(1, offer(2500, [thc(), bl()]))]),
      response('Pacífico', [version(1, offer(2900, [thc()]))]),
    ]);
    expect(cheapest(linhas).sort()).toEqual(['Atlântica', 'Rota Sul']);
    expect(rowOf(linhas, 'Rota Sul').menorCustoEstimado).toEqual({
      totalBRL: 28150,
      taxas: [{ nome: 'THC', valorBRL: 2900, transportador: 'Atlântica' }],
    });
    expect(rowOf(linhas, 'Atlântica').menorCustoEstimado).toBeUndefined();
  });

  it('two incomplete rows with equal estimates are both "Menor custo", each with its own', () => {
    // Índico: 2 × 2.400 + BL 50 = USD 4.850 × 5 = R$ 24.250,00, lacks THC: + the highest, Pacífico's
    // 2 × 1.500 = 3.000 (over Rota Sul's 2 × 1.275 = 2.550) → R$ 27.250,00 (estimado).
    // Rota Sul: 2 × 2.420 = USD 4.840 × 5 = 24.200 + THC 2.550 = R$ 26.750,00, lacks BL: + the highest,
    // Pacífico's USD 100 × 5 = 500 (over Índico's 50 × 5 = 250) → R$ 27.250,00 (estimado).
    const { linhas } = build([
      response('Índico', [version(1, offer(2400, [bl()]))]),
      response('Rota Sul', [version(1, offer(2420, [thc(1275)]))]),
      // Pacífico, complete: 2 × 2.600 + 100 = USD 5.300 × 5 = 26.500 + 3.000 = R$ 29.500,00.
      response('Pacífico', [version(1, offer(2600, [thc(1500), feeItem('BL FEE', 100, 'USD')]))]),
    ]);
    expect(rowOf(linhas, 'Índico').custoTotalBRL).toBe(24250);
    expect(rowOf(linhas, 'Rota Sul').custoTotalBRL).toBe(26750);
    expect(cheapest(linhas).sort()).toEqual(['Rota Sul', 'Índico']);
    expect(rowOf(linhas, 'Índico').menorCustoEstimado).toEqual({
      totalBRL: 27250,
      taxas: [{ nome: 'THC', valorBRL: 3000, transportador: 'Pacífico' }],
    });
    expect(rowOf(linhas, 'Rota Sul').menorCustoEstimado).toEqual({
      totalBRL: 27250,
      taxas: [{ nome: 'BL FEE', valorBRL: 500, transportador: 'Pacífico' }],
    });
    expect(rowOf(linhas, 'Pacífico').destaque.menorCusto).toBe(false);
  });

  it('amounts are compared in BRL: a THC in EUR at the euro rate is the highest', () => {
    // EUR 6,00. Atlântica's THC 2 × EUR 250 = 500 × 6 = R$ 3.000,00 > Pacífico's 2 × R$ 1.450 = 2.900.
    // Rota Sul 2 × 2.500 + 50 = 5.050 × 5 = 25.250 + 3.000 = R$ 28.250,00 (estimado); Atlântica 2 × 2.950 +
    // 50 = 5.950 × 5 = 29.750 + 3.000 = 32.750; Pacífico 2 × 2.900 + 50 = 5.850 × 5 = 29.250 + 2.900 = 32.150.
    const withEuro = exchangeRateInfo(
      {
        ptax: 5,
        dataCotacao: '2026-11-25',
        fonte: 'ptax',
        eur: { ptax: 6, dataCotacao: '2026-11-25', fonte: 'ptax' },
      },
      0,
    );
    const { linhas } = build(
      [
        response('Rota Sul', [version(1, offer(2500, [bl()]))]),
        response('Atlântica', [version(1, offer(2950, [thc(250, 'EUR'), bl()]))]),
        response('Pacífico', [version(1, offer(2900, [thc(), bl()]))]),
      ],
      withEuro,
    );
    expect(cheapest(linhas)).toEqual(['Rota Sul']);
    expect(rowOf(linhas, 'Rota Sul').menorCustoEstimado).toEqual({
      totalBRL: 28250,
      taxas: [{ nome: 'THC', valorBRL: 3000, transportador: 'Atlântica' }],
    });
  });

  it('a charge only its own previous version quoted is costed at that version, said so', () => {
    // Atlântica v1: THC, BL and ISPS USD 15 per BL; v2 drops the ISPS: 2 × 2.500 + 50 = 5.050 × 5 = 25.250 +
    // 2.900 = R$ 28.150,00; no other carrier quotes an ISPS → v1's USD 15 × 5 = R$ 75,00 → R$ 28.225,00.
    // Pacífico, complete: 2 × 2.900 + 50 = 5.850 × 5 = 29.250 + 2.900 = R$ 32.150,00.
    const { linhas } = build([
      response('Atlântica', [
        version(1, offer(2950, [thc(), bl(), feeItem('ISPS', 15, 'USD')])),
        version(2, offer(2500, [thc(), bl()])),
      ]),
      response('Pacífico', [version(1, offer(2900, [thc(), bl()]))]),
    ]);
    const row = rowOf(linhas, 'Atlântica');
    expect(row.taxasAusentes).toEqual(['ISPS']);
    expect(cheapest(linhas)).toEqual(['Atlântica']);
    expect(row.menorCustoEstimado).toEqual({
      totalBRL: 28225,
      taxas: [{ nome: 'ISPS', valorBRL: 75, transportador: 'Atlântica', versaoAnterior: 1 }],
    });
    expect(estimateNoteText(row.menorCustoEstimado!)).toBe(
      'Estimado em R$ 28.225,00, completando com ISPS da versão 1 (R$ 75,00)',
    );
    // v1's ISPS in CNY (not summed): no amount to take, the row cannot be estimated and is left out.
    const cny = build([
      response('Atlântica', [
        version(1, offer(2950, [thc(), bl(), feeItem('ISPS', 100, 'CNY')])),
        version(2, offer(2500, [thc(), bl()])),
      ]),
      response('Pacífico', [version(1, offer(2900, [thc(), bl()]))]),
    ]).linhas;
    expect(rowOf(cny, 'Atlântica').taxasAusentes).toEqual(['ISPS']);
    expect(cheapest(cny)).toEqual(['Pacífico']);
    expect(rowOf(cny, 'Atlântica').menorCustoEstimado).toBeUndefined();
  });
});
