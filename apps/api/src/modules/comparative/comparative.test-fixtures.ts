import type { Comparison, ComparisonRow, ComparisonValue, ExchangeRateInfo } from '@cotacoes/shared';
import type { ComparativeHeader } from './comparative-document.js';

/*
 * Hand-made comparisons for the renderer tests and the benchmark: the shape of `comparisonSchema`, with
 * mixed currencies, two destinations, corrections, fees left out by the §5 rules and carrier text that a
 * spreadsheet would run as a formula (S9).
 */

const round2 = (value: number) => Math.round(value * 100) / 100;

export const fixtureRate: ExchangeRateInfo = {
  moeda: 'USD',
  ptax: 5.1234,
  dataCotacao: '2025-03-12',
  fonte: 'ptax',
  margem: 2.5,
  taxa: 5.2515,
};

export const fixtureHeader: ComparativeHeader = {
  empresa: 'Importadora Horizonte Ltda.',
  codigo: 'COT-2025-0042',
  origem: 'Shanghai, CN',
  destino: 'Itapoá / Navegantes, BR',
  nomeSolicitante: 'Mariana Albuquerque',
  prazoResposta: new Date('2025-03-20T18:00:00Z'),
  geradoEm: new Date('2025-03-14T13:05:00Z'),
};

function value(
  valor: number | null,
  moeda: string | null,
  extra: Partial<ComparisonValue> = {},
): ComparisonValue {
  return {
    valor,
    moeda,
    campo: null,
    fonte: null,
    confianca: 0.9,
    corrigido: false,
    baixaConfianca: false,
    ...extra,
  };
}

type FeeInput = {
  nome: string;
  valor: number;
  moeda: 'USD' | 'BRL';
  destino?: string | null;
  contabilizada?: boolean;
  motivo?: string | null;
  fonte?: string;
  corrigido?: boolean;
};

export type RowInput = {
  respostaId: string;
  nome: string;
  email: string;
  destino: string | null;
  fretes: { tipo: string; valor: number; moeda: 'USD' | 'BRL'; corrigido?: boolean }[];
  taxas: FeeInput[];
  rodoviario?: number;
  prazo: number | null;
  freeTime: number | null;
  validade: string | null;
  status?: string;
  versao?: number;
  faltando?: string[];
  extracao?: 'pendente' | 'concluida' | 'falhou';
};

/** A row whose totals follow spec 001 §9 at `rate` (fees counted only when `contabilizada`). */
export function comparisonRow(input: RowInput, rate = fixtureRate.taxa): ComparisonRow {
  const counted = input.taxas.filter((fee) => fee.contabilizada !== false);
  const feesUSD = round2(counted.filter((f) => f.moeda === 'USD').reduce((sum, f) => sum + f.valor, 0));
  const feesBRL = round2(counted.filter((f) => f.moeda === 'BRL').reduce((sum, f) => sum + f.valor, 0));
  const freightUSD = input.fretes.filter((f) => f.moeda === 'USD').reduce((sum, f) => sum + f.valor, 0);
  const freightBRL = input.fretes.filter((f) => f.moeda === 'BRL').reduce((sum, f) => sum + f.valor, 0);
  const valorUSD = round2(freightUSD + feesUSD);
  const valorBRL = round2(freightBRL + feesBRL);
  const rodoviario = input.rodoviario ?? 0;
  const custoTotalBRL = round2(valorBRL + valorUSD * rate + rodoviario);
  return {
    id: `${input.respostaId}:${input.destino ?? ''}`,
    respostaId: input.respostaId,
    transportadorId: `t-${input.respostaId}`,
    transportador: { nome: input.nome, email: input.email },
    status: input.status ?? 'respondido',
    versao: input.versao ?? 1,
    destino: input.destino,
    fretes: input.fretes.map((frete, index) => ({
      ...value(frete.valor, frete.moeda, {
        campo: `fretes.${index}.valor`,
        corrigido: frete.corrigido ?? false,
        fonte: {
          line: 4 + index,
          text: `Frete ${frete.tipo}: ${frete.moeda} ${frete.valor}`,
          origin: 'corpo',
        },
      }),
      tipo: frete.tipo,
    })),
    taxas: input.taxas.map((fee, index) => ({
      ...value(fee.valor, fee.moeda, {
        campo: `taxas.${index}.valor`,
        corrigido: fee.corrigido ?? false,
        fonte: fee.fonte
          ? { line: 10 + index, text: fee.fonte, origin: 'anexo proposta.xlsx', cell: `B${10 + index}` }
          : null,
      }),
      nome: fee.nome.toUpperCase(),
      rotulo: fee.nome,
      destino: fee.destino ?? null,
      contabilizada: fee.contabilizada !== false,
      motivo: fee.motivo ?? null,
    })),
    taxasPorMoeda: { USD: feesUSD, BRL: feesBRL },
    valorUSD,
    valorBRL,
    custoRodoviario: rodoviario,
    custoTotalBRL,
    custoTotalUSD: round2(custoTotalBRL / rate),
    prazo: value(input.prazo, null, { campo: 'transit_time_dias' }),
    freeTime: value(input.freeTime, null, { campo: 'free_time_destino_dias' }),
    validade: {
      valor: input.validade,
      campo: 'validadeProposta',
      fonte: null,
      corrigido: false,
      expirada: input.validade !== null && input.validade < '2025-03-14',
    },
    confianca: 0.88,
    extracao: input.extracao ?? 'concluida',
    precificada: input.fretes.length > 0,
    faltando: input.faltando ?? [],
    variacao: null,
    destaque: { menorCusto: false, menorPrazo: false },
  };
}

/** Marks the cheapest total and the shortest transit (a missing transit counts as 999), as the tab does. */
export function withHighlights(rows: ComparisonRow[]): ComparisonRow[] {
  const cheapest = Math.min(...rows.map((row) => row.custoTotalBRL));
  const fastest = Math.min(...rows.map((row) => row.prazo.valor ?? 999));
  return rows.map((row) => ({
    ...row,
    destaque: {
      menorCusto: row.custoTotalBRL === cheapest,
      menorPrazo: (row.prazo.valor ?? 999) === fastest,
    },
  }));
}

/** Three carriers, one answering for two destinations; USD and BRL fees; S9 bait in carrier data. */
export function mixedComparison(): Comparison {
  const rows = withHighlights([
    comparisonRow({
      respostaId: 'r1',
      nome: 'Atlântica Cargas',
      email: 'pricing@atlantica-cargas.com.br',
      destino: 'Itapoá',
      fretes: [
        { tipo: "20'", valor: 1850, moeda: 'USD' },
        { tipo: "40'HC", valor: 2950, moeda: 'USD', corrigido: true },
      ],
      taxas: [
        { nome: 'THC', valor: 1450, moeda: 'BRL', fonte: '- THC BRL 1.450,00' },
        { nome: 'BL fee', valor: 75, moeda: 'USD', fonte: 'BL FEE USD 75' },
        { nome: 'TOTAL', valor: 4875, moeda: 'USD', contabilizada: false, motivo: 'Linha de total' },
      ],
      rodoviario: 2100,
      prazo: 32,
      freeTime: 14,
      validade: '2025-03-31',
    }),
    comparisonRow({
      respostaId: 'r1',
      nome: 'Atlântica Cargas',
      email: 'pricing@atlantica-cargas.com.br',
      destino: 'Navegantes',
      fretes: [
        { tipo: "20'", valor: 1900, moeda: 'USD' },
        { tipo: "40'HC", valor: 3000, moeda: 'USD' },
      ],
      taxas: [
        { nome: 'THC', valor: 1380, moeda: 'BRL', destino: 'Navegantes' },
        { nome: 'BL fee', valor: 75, moeda: 'USD' },
      ],
      rodoviario: 1035,
      prazo: 35,
      freeTime: 14,
      validade: '2025-03-31',
    }),
    comparisonRow({
      respostaId: 'r2',
      nome: '=HYPERLINK("http://evil.example","Pacífico")',
      email: 'cotacoes@pacifico-log.com.br',
      destino: 'Itapoá',
      fretes: [{ tipo: "40'HC", valor: 14800, moeda: 'BRL' }],
      taxas: [
        { nome: '+THC destino', valor: 1600, moeda: 'BRL', fonte: '-1+1 THC' },
        { nome: '@Despacho', valor: 120, moeda: 'USD', fonte: '\t=cmd|calc' },
        { nome: 'IOF', valor: 1500, moeda: 'BRL', contabilizada: false, motivo: 'IOF acima de 1000' },
      ],
      rodoviario: 2100,
      prazo: 28,
      freeTime: 21,
      validade: '2025-03-10',
      faltando: ['frete20'],
    }),
    comparisonRow({
      respostaId: 'r3',
      nome: 'Rota Sul Agenciamento',
      email: 'import@rotasul-ag.com.br',
      destino: 'Navegantes',
      fretes: [
        { tipo: "20'", valor: 1700, moeda: 'USD' },
        { tipo: "40'", valor: 2600, moeda: 'USD' },
      ],
      taxas: [{ nome: 'Capatazia', valor: 990.5, moeda: 'BRL' }],
      rodoviario: 1035,
      prazo: null,
      freeTime: null,
      validade: null,
      status: 'revisao_solicitada',
      versao: 2,
      faltando: ['prazo', 'freeTime', 'validade'],
    }),
  ]);
  return {
    cotacaoId: '00000000-0000-4000-8000-000000000042',
    taxa: fixtureRate,
    linhas: rows,
    respondidas: 3,
    total: 5,
    pendentes: [{ transportadorId: 't-x', nome: 'Mar Aberto Logística' }],
  };
}

const CARRIER_NAMES = [
  'Atlântica Cargas',
  'Pacífico Logística',
  'Rota Sul Agenciamento',
  'Mar Aberto Logística',
  'Porto Seguro Freight',
  'Cruzeiro do Sul Cargo',
  'Transoceânica Brasil',
  'Âncora Comércio Exterior',
];

const SYNTHETIC_SHAPES = 400;
const syntheticShapes: ComparisonRow[] = [];

function syntheticShape(index: number): ComparisonRow {
  const destinos = ['Itapoá', 'Navegantes', 'Itajaí', 'Santos'];
  const base = 1500 + ((index * 37) % 2200);
  return comparisonRow({
    respostaId: `s${index}`,
    nome: CARRIER_NAMES[index % CARRIER_NAMES.length]!,
    email: `pricing${index}@agente${index % 97}.com.br`,
    destino: destinos[index % destinos.length]!,
    fretes: [
      { tipo: "20'", valor: base, moeda: 'USD' },
      { tipo: "40'HC", valor: base + 900, moeda: 'USD' },
    ],
    taxas: [
      { nome: 'THC', valor: 1200 + (index % 500), moeda: 'BRL', fonte: `THC BRL ${1200 + (index % 500)},00` },
      { nome: 'BL fee', valor: 60 + (index % 40), moeda: 'USD', fonte: 'BL FEE' },
      { nome: 'ISPS', valor: 35, moeda: 'USD' },
      { nome: 'TOTAL', valor: 9999, moeda: 'USD', contabilizada: false, motivo: 'Linha de total' },
    ],
    rodoviario: index % 4 === 3 ? 0 : 1035,
    prazo: 25 + (index % 20),
    freeTime: 7 + (index % 15),
    validade: '2025-04-30',
  });
}

/**
 * The `index`-th row of a synthetic comparison: realistic sizes, deterministic values. Rows repeat one of
 * 400 shapes under their own carrier name, so a generator can yield 100,000 of them cheaply.
 */
export function syntheticRow(index: number): ComparisonRow {
  const slot = index % SYNTHETIC_SHAPES;
  syntheticShapes[slot] ??= syntheticShape(slot);
  const shape = syntheticShapes[slot];
  const nome = `${CARRIER_NAMES[index % CARRIER_NAMES.length]} ${Math.floor(index / CARRIER_NAMES.length) + 1}`;
  return {
    ...shape,
    id: `s${index}:${shape.destino}`,
    respostaId: `s${index}`,
    transportador: { nome, email: shape.transportador.email },
  };
}

/** A comparison of `count` answers (the benchmark's quote with 30 responses). */
export function syntheticComparison(count: number): Comparison {
  return {
    cotacaoId: '00000000-0000-4000-8000-000000000030',
    taxa: fixtureRate,
    linhas: withHighlights(Array.from({ length: count }, (_, index) => syntheticRow(index))),
    respondidas: count,
    total: count,
    pendentes: [],
  };
}
