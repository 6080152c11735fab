import { describe, expect, it } from 'vitest';
import { comparisonSchema } from '../schemas/comparison.js';
import type { Correction } from '../schemas/decisions.js';
import type { DadosExtraidos, ExtractionFinal } from '../schemas/responses.js';
import { type QuoteAsked, quoteAskedFrom } from './asked.js';
import {
  buildComparison,
  type ComparisonInput,
  type ComparisonResponse,
  type ComparisonVersion,
  sortComparisonRows,
} from './build.js';
import { engineFinal, feeItem, freightItem, makeFinal, port } from './fixtures/finals.js';
import { exchangeRateInfo } from './totals.js';

const taxa = exchangeRateInfo({ ptax: 5.1177, dataCotacao: '2026-11-25', fonte: 'ptax' }, 2.5); // 5.2456
const pedido: QuoteAsked = quoteAskedFrom({
  tipoFrete: 'FCL',
  destino: 'Itajaí, BR',
  itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 contêineres 40HC' }],
});
const HOJE = '2026-11-26';

const dados = (final: ExtractionFinal): DadosExtraidos => ({
  final,
  detect: {
    source: 'email',
    fileKind: 'txt',
    language: 'pt',
    modal: 'FCL',
    numberFormat: 'BR',
    currencies: [],
    messageDate: null,
    dateOrder: 'DMY',
    confidence: { source: 1, language: 1, modal: 1 },
    reasons: [],
  },
  blocks: [],
  fontes: [],
});

let ids = 0;
const version = (
  versao: number,
  final: ExtractionFinal | null,
  correcoes?: Correction[],
): ComparisonVersion => ({
  id: `v${++ids}`,
  versao,
  status: 'respondido',
  dadosExtraidos: final && dados(final),
  correcoes,
});
const response = (
  nome: string,
  versions: ComparisonVersion[],
  status = versions.length > 0 ? 'respondido' : 'pendente',
): ComparisonResponse => {
  const atual = versions.reduce<ComparisonVersion | null>((a, v) => (a && a.versao > v.versao ? a : v), null);
  return {
    id: atual?.id ?? `r-${nome}`,
    transportadorId: `t-${nome}`,
    transportador: { nome, email: `${nome.toLowerCase()}@frete.com.br` },
    status,
    dadosExtraidos: atual?.dadosExtraidos ?? null,
    atual,
    versoes: versions.filter((v) => v !== atual),
  };
};

/** Three answers and one carrier that has not answered (the e2e scenario). */
function scenario() {
  const answeredInBrl = (frete: number, transit: number) =>
    makeFinal({
      porto_destino: [port('Itajaí')],
      fretes: [freightItem('40HC', frete, 'BRL')],
      taxas: { itens: [feeItem('THC', 1400, 'BRL'), feeItem('TOTAL', 17400, 'BRL')] },
      transit_time_dias: transit,
      free_time_destino_dias: 14,
      validadeProposta: '2026-11-20',
      evidence: {
        transit_time_dias: {
          confidence: 0.9,
          source: { line: 7, text: `Transit ${transit}`, origin: 'body' },
          method: 'label',
        },
      },
    });
  const correction: Correction = {
    campo: 'fretes.0.valor',
    valor: 16000,
    valorOriginal: 16500,
    fonteOriginal: null,
    por: 'Ana',
    em: '2026-11-26T10:00:00.000Z',
  };
  const atlantica = response('Atlântica', [
    version(2, answeredInBrl(16000, 35), [correction]),
    version(1, answeredInBrl(17000, 38)),
  ]);
  const pacifico = response('Pacífico', [version(1, engineFinal('n06'))]);
  const rotaSul = response('Rota Sul', [
    version(
      1,
      makeFinal({
        porto_destino: [port('Itajaí')],
        fretes: [freightItem('40HC', 3100)],
        taxas: { itens: [feeItem('THC', 1500, 'BRL', null, 0.4)] },
        free_time_destino_dias: 7,
        confidence_overall: 0.45,
      }),
    ),
  ]);
  const marAzul = response('Mar Azul', []);
  return [atlantica, pacifico, rotaSul, marAzul];
}

const build = (overrides: Partial<ComparisonInput> = {}) =>
  buildComparison({ cotacaoId: 'q1', respostas: scenario(), taxa, pedido, hoje: HOJE, ...overrides });

describe('buildComparison', () => {
  it('answers the comparison contract', () => {
    expect(comparisonSchema.safeParse(build()).success).toBe(true);
  });

  it('one row per current answered response and destination, cheapest first', () => {
    const { linhas } = build();
    expect(linhas.map((row) => [row.transportador.nome, row.destino, row.versao])).toEqual([
      ['Pacífico', 'Santos', 1],
      ['Atlântica', 'Itajaí', 2],
      ['Pacífico', 'Paranaguá', 1],
      ['Rota Sul', 'Itajaí', 1],
    ]);
    expect(linhas[0]!.id).toBe(`${linhas[0]!.respostaId}:Santos`);
  });

  it('totals at PTAX + margin: BRL = BRL value + USD value × rate + road cost; USD the inverse', () => {
    const rows = Object.fromEntries(
      build().linhas.map((row) => [`${row.transportador.nome}/${row.destino}`, row]),
    );
    // 2 × 40HC at USD 3150 + THC 2 × 150 (per container) + docs 45 (per BL) + VGM 2 × 25 = USD 6695;
    // × 5.2456 = 35119.292
    expect(rows['Pacífico/Santos']).toMatchObject({
      valorUSD: 6695,
      valorBRL: 0,
      taxasPorMoeda: { USD: 395, BRL: 0 },
      custoRodoviario: 0,
      custoTotalBRL: 35119.29,
      custoTotalUSD: 6695,
    });
    // 2 × 3240 + 395 = 6875; × 5.2456 = 36063.50
    expect(rows['Pacífico/Paranaguá']).toMatchObject({
      valorUSD: 6875,
      custoTotalBRL: 36063.5,
      custoTotalUSD: 6875,
    });
    // BRL answer: 2 × 16000 + THC 1400 (the TOTAL line counts 0) + Itajaí road 2 × 1035
    expect(rows['Atlântica/Itajaí']).toMatchObject({
      valorUSD: 0,
      valorBRL: 33400,
      taxasPorMoeda: { USD: 0, BRL: 1400 },
      custoRodoviario: 2070,
      conteineres: 2,
      custoTotalBRL: 35470,
      custoTotalUSD: 6761.86,
    });
    // 2 × USD 3100 + THC R$ 1500 + road R$ 2070
    expect(rows['Rota Sul/Itajaí']).toMatchObject({
      valorUSD: 6200,
      valorBRL: 1500,
      custoRodoviario: 2070,
      custoTotalBRL: 36092.72,
      custoTotalUSD: 6880.57,
    });
  });

  it('shows the fee lines with why a line does not count', () => {
    const atlantica = build().linhas.find((row) => row.transportador.nome === 'Atlântica')!;
    expect(
      atlantica.taxas.map((fee) => [fee.nome, fee.valor, fee.contabilizada, fee.motivo, fee.campo]),
    ).toEqual([
      ['THC', 1400, true, null, 'taxas.itens.0.valor'],
      ['TOTAL', 17400, false, 'Linha de total: não soma', 'taxas.itens.1.valor'],
    ]);
  });

  it('the freight per container type, with how many containers count', () => {
    const santos = build().linhas[0]!;
    expect(santos.fretes).toEqual([
      expect.objectContaining({
        tipo: '40HC',
        valor: 3150,
        moeda: 'USD',
        quantidade: 2,
        campo: 'fretes.0.valor',
      }),
    ]);
  });

  it('the change against the previous version (e.g. ▼ 2.000,00 BRL)', () => {
    const rows = build().linhas;
    expect(rows.find((row) => row.transportador.nome === 'Atlântica')!.variacao).toEqual({
      versaoAnterior: 1,
      custoTotalBRL: -2000,
      custoTotalUSD: -381.27,
      prazo: -3,
    });
    expect(rows.find((row) => row.transportador.nome === 'Rota Sul')!.variacao).toBeNull();
  });

  it("marks corrected values (from the version's corrections) and low confidence (< 0.5)", () => {
    const rows = build().linhas;
    const atlantica = rows.find((row) => row.transportador.nome === 'Atlântica')!;
    expect(atlantica.fretes[0]).toMatchObject({ corrigido: true, baixaConfianca: false });
    const rotaSul = rows.find((row) => row.transportador.nome === 'Rota Sul')!;
    expect(rotaSul.taxas[0]).toMatchObject({
      nome: 'THC',
      confianca: 0.4,
      baixaConfianca: true,
      corrigido: false,
    });
    expect(rotaSul.fretes[0]).toMatchObject({ confianca: 0.9, baixaConfianca: false });
    expect(rotaSul.confianca).toBe(0.45);
  });

  it('a corrected value is not marked low confidence any more', () => {
    const respostas = scenario();
    const rotaSul = respostas[2]!;
    rotaSul.atual = {
      ...rotaSul.atual!,
      correcoes: [
        {
          campo: 'taxas.itens.0.valor',
          valor: 1500,
          valorOriginal: 1500,
          fonteOriginal: null,
          por: null,
          em: '',
        },
      ],
    };
    const row = build({ respostas }).linhas.find((r) => r.transportador.nome === 'Rota Sul')!;
    // Retyped as the reply stated it: checked (not low confidence) but not a correction.
    expect(row.taxas[0]).toMatchObject({ corrigido: false, baixaConfianca: false });
    rotaSul.atual.correcoes![0]!.valor = 1450;
    const corrected = build({ respostas }).linhas.find((r) => r.transportador.nome === 'Rota Sul')!;
    expect(corrected.taxas[0]).toMatchObject({ corrigido: true, baixaConfianca: false });
  });

  it('validity expired when before today (America/Sao_Paulo), not on the day itself', () => {
    const rows = build().linhas;
    expect(rows.find((row) => row.transportador.nome === 'Atlântica')!.validade).toEqual({
      valor: '2026-11-20',
      campo: 'validadeProposta',
      fonte: null,
      corrigido: false,
      expirada: true,
    });
    expect(rows.find((row) => row.transportador.nome === 'Pacífico')!.validade).toMatchObject({
      valor: '2026-11-30',
      expirada: false,
    });
    expect(build({ hoje: '2026-11-30' }).linhas.find((r) => r.destino === 'Santos')!.validade.expirada).toBe(
      false,
    );
    expect(build({ hoje: '2026-12-01' }).linhas.find((r) => r.destino === 'Santos')!.validade.expirada).toBe(
      true,
    );
  });

  it('transit, free time and what is missing against the quote', () => {
    const rows = build().linhas;
    const rotaSul = rows.find((row) => row.transportador.nome === 'Rota Sul')!;
    expect(rotaSul.prazo).toMatchObject({ valor: null, campo: 'transit_time_dias' });
    expect(rotaSul.freeTime).toMatchObject({ valor: 7, campo: 'free_time_destino_dias' });
    expect(rotaSul.faltando).toEqual(['prazo', 'validade']);
    const atlantica = rows.find((row) => row.transportador.nome === 'Atlântica')!;
    expect(atlantica.prazo).toMatchObject({
      valor: 35,
      fonte: { line: 7, text: 'Transit 35', origin: 'body' },
    });
    expect(atlantica.faltando).toEqual([]);
  });

  it('highlights the cheapest total and the shortest transit', () => {
    const rows = build().linhas;
    expect(rows.filter((row) => row.destaque.menorCusto).map((row) => row.id)).toEqual([rows[0]!.id]);
    expect(rows.filter((row) => row.destaque.menorPrazo).map((row) => row.transportador.nome)).toEqual([
      'Atlântica',
    ]);
  });

  it('ties: every tied row is highlighted', () => {
    const same = () =>
      makeFinal({
        porto_destino: [port('Santos')],
        fretes: [freightItem('40HC', 2000)],
        transit_time_dias: 30,
      });
    const { linhas } = build({
      respostas: [response('A', [version(1, same())]), response('B', [version(1, same())])],
    });
    expect(linhas.map((row) => row.destaque)).toEqual([
      { menorCusto: true, menorPrazo: true },
      { menorCusto: true, menorPrazo: true },
    ]);
  });

  it('a row without the freight asked is never the cheapest', () => {
    const { linhas } = build({
      respostas: [
        response('Sem frete', [version(1, makeFinal({ taxas: { itens: [feeItem('THC', 10)] } }))]),
        response('Sem 40', [version(1, makeFinal({ fretes: [freightItem('20DC', 1)] }))]),
        response('Completo', [version(1, makeFinal({ fretes: [freightItem('40HC', 3000)] }))]),
      ],
    });
    expect(linhas.filter((row) => row.destaque.menorCusto).map((row) => row.transportador.nome)).toEqual([
      'Completo',
    ]);
    expect(linhas.find((row) => row.transportador.nome === 'Sem 40')!.faltando).toContain('frete40');
  });

  it('a row without a price is never the quickest: a transit time alone is no offer', () => {
    const { linhas } = build({
      respostas: [
        response('Só prazo', [
          version(1, makeFinal({ transit_time_dias: 20, taxas: { itens: [feeItem('THC', 10)] } })),
        ]),
        response('Com preço', [
          version(1, makeFinal({ fretes: [freightItem('40HC', 3000)], transit_time_dias: 30 })),
        ]),
      ],
    });
    expect(linhas.filter((row) => row.destaque.menorPrazo).map((row) => row.transportador.nome)).toEqual([
      'Com preço',
    ]);
  });

  it('an answer whose extraction has not finished is a row with nothing but what is missing', () => {
    const { linhas } = build({ respostas: [response('Em extração', [version(1, null)])] });
    expect(linhas).toHaveLength(1);
    expect(linhas[0]).toMatchObject({
      destino: null,
      fretes: [],
      taxas: [],
      valorUSD: 0,
      custoRodoviario: 2070,
      faltando: ['frete40', 'prazo', 'freeTime', 'validade'],
      destaque: { menorCusto: false, menorPrazo: false },
      extracao: 'pendente',
      precificada: false,
    });
  });

  it('says which rows have a price: a pending or failed extraction, or no freight read, has none', () => {
    const failed = { ...version(1, null), extracao: 'falhou' as const };
    const { linhas } = build({
      respostas: [
        response('Falhou', [failed]),
        response('Sem frete', [version(1, makeFinal({ taxas: { itens: [feeItem('THC', 10, 'BRL')] } }))]),
        response('Em extração', [{ ...version(1, null), extracao: 'pendente' }]),
        response('Completo', [version(1, makeFinal({ fretes: [freightItem('40HC', 3000)] }))]),
      ],
    });
    const byName = Object.fromEntries(linhas.map((row) => [row.transportador.nome, row]));
    expect(byName.Completo).toMatchObject({ extracao: 'concluida', precificada: true });
    expect(byName['Sem frete']).toMatchObject({ extracao: 'concluida', precificada: false });
    expect(byName.Falhou).toMatchObject({ extracao: 'falhou', precificada: false });
    expect(byName['Em extração']).toMatchObject({ extracao: 'pendente', precificada: false });
    // The fees-only row costs less than the priced one, and still comes after it, in both directions.
    expect(byName['Sem frete']!.custoTotalBRL).toBeLessThan(byName.Completo!.custoTotalBRL);
    expect(linhas[0]!.transportador.nome).toBe('Completo');
    expect(sortComparisonRows(linhas, 'custoTotalBRL', 'desc')[0]!.transportador.nome).toBe('Completo');
    expect(sortComparisonRows(linhas, 'custoTotalUSD')[0]!.transportador.nome).toBe('Completo');
  });

  it("a row without its own destination takes the road cost of the quote's destination", () => {
    const { linhas } = build({
      respostas: [response('X', [version(1, makeFinal({ fretes: [freightItem('40HC', 1000)] }))])],
    });
    expect(linhas[0]!.custoRodoviario).toBe(2070);
    const santos = { ...pedido, destino: 'Santos' };
    expect(
      build({ pedido: santos, respostas: [response('X', [version(1, makeFinal())])] }).linhas[0]!
        .custoRodoviario,
    ).toBe(0);
  });

  it("names the quote's only port on a row whose answer names none; not when the quote names several", () => {
    const answer = [response('X', [version(1, makeFinal({ fretes: [freightItem('40HC', 1000)] }))])];
    const one = build({ pedido: { ...pedido, destino: 'Itajaí, BR' }, respostas: answer }).linhas[0]!;
    expect(one.destino).toBeNull();
    expect(one.destinoDaCotacao).toBe('Itajaí');
    const two = build({ pedido: { ...pedido, destino: 'Santos, BR / Itajaí, BR' }, respostas: answer })
      .linhas[0]!;
    expect(two.destino).toBeNull();
    expect(two.destinoDaCotacao).toBeUndefined();
    expect(two.custoRodoviario).toBe(0);
  });

  it('uses the given road cost table', () => {
    const { linhas } = build({
      custosRodoviarios: [{ porto: 'Itajaí', custoPorConteiner: 500, tiposFrete: ['FCL'] }],
    });
    expect(linhas.find((row) => row.transportador.nome === 'Atlântica')!.custoRodoviario).toBe(1000);
  });

  it('the answer progress and who has not answered', () => {
    expect(build()).toMatchObject({
      cotacaoId: 'q1',
      taxa,
      respondidas: 3,
      total: 4,
      pendentes: [{ transportadorId: 't-Mar Azul', nome: 'Mar Azul' }],
    });
    expect(build({ respostas: [] })).toMatchObject({ linhas: [], respondidas: 0, total: 5 });
  });

  it('says what hints of earlier corrections set or left out, and each fee its basis (ADR 0101)', () => {
    const final = makeFinal({
      porto_destino: [port('Itajaí')],
      fretes: [{ ...freightItem('40HC', 2610), dicas: [{ id: 'h1', campo: 'unidade', antes: 'BL' }] }],
      taxas: {
        itens: [
          {
            ...feeItem('TAXAS LOCAIS', 1920, 'BRL'),
            dicas: [{ id: 'h2', campo: 'unidade', antes: 'PROCESSO' }],
          },
          feeItem('BL FEE', 80),
        ],
      },
    });
    const withIgnored = {
      ...final,
      ignoradosPorDica: [{ id: 'h3', alvo: 'taxa', rotulo: 'Seguro estimado', valor: 110, moeda: 'USD' }],
    };
    const [row] = build({ respostas: [response('Oceanic', [version(1, withIgnored)])] }).linhas;
    expect(row!.fretes[0]!.ajustadoPorDica).toEqual([{ campo: 'unidade', antes: 'BL' }]);
    expect(row!.taxas.map((fee) => [fee.nome, fee.unidade, fee.ajustadoPorDica])).toEqual([
      ['TAXAS LOCAIS', 'BL', [{ campo: 'unidade', antes: 'PROCESSO' }]],
      ['BL FEE', 'BL', undefined],
    ]);
    expect(row!.ignoradosPorDica).toEqual([{ rotulo: 'Seguro estimado', valor: 110, moeda: 'USD' }]);
    // Without hints, nothing of it is in the row.
    const [plain] = build({ respostas: [response('Oceanic', [version(1, final)])] }).linhas;
    expect(plain).not.toHaveProperty('ignoradosPorDica');
    expect(plain!.taxas[1]).not.toHaveProperty('ajustadoPorDica');
  });

  it('a cancelled response has no row', () => {
    const [atlantica] = scenario();
    expect(build({ respostas: [{ ...atlantica!, status: 'cancelado' }] }).linhas).toEqual([]);
  });
});

describe('sorting (spec 001 §9: custoTotalBRL, custoTotalUSD, prazo)', () => {
  const rows = build().linhas;
  const names = (sorted: typeof rows) => sorted.map((row) => `${row.transportador.nome}/${row.destino}`);

  it('by custoTotalBRL, both ways', () => {
    expect(names(sortComparisonRows(rows, 'custoTotalBRL'))).toEqual([
      'Pacífico/Santos',
      'Atlântica/Itajaí',
      'Pacífico/Paranaguá',
      'Rota Sul/Itajaí',
    ]);
    expect(names(sortComparisonRows(rows, 'custoTotalBRL', 'desc'))[0]).toBe('Rota Sul/Itajaí');
  });

  it('by custoTotalUSD', () => {
    expect(names(sortComparisonRows(rows, 'custoTotalUSD'))).toEqual([
      'Pacífico/Santos',
      'Atlântica/Itajaí',
      'Pacífico/Paranaguá',
      'Rota Sul/Itajaí',
    ]);
  });

  it('by prazo, a missing transit time counting as 999', () => {
    expect(names(sortComparisonRows(rows, 'prazo'))).toEqual([
      'Atlântica/Itajaí',
      'Pacífico/Paranaguá',
      'Pacífico/Santos',
      'Rota Sul/Itajaí',
    ]);
    expect(names(sortComparisonRows(rows, 'prazo', 'desc'))[0]).toBe('Rota Sul/Itajaí');
  });
});
