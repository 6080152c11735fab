import { describe, expect, it } from 'vitest';
import type { Comparison, ComparisonRow } from '../schemas/comparison.js';
import { askedTransitDays, proposalWarnings, withProposalWarnings } from './warnings.js';

const row = (prazo: number | null, validade: string | null, expirada = false) =>
  ({
    prazo: {
      valor: prazo,
      moeda: null,
      campo: 'transit_time_dias',
      fonte: null,
      confianca: null,
      corrigido: false,
      baixaConfianca: false,
    },
    validade: { valor: validade, campo: 'validadeProposta', fonte: null, corrigido: false, expirada },
  }) satisfies Pick<ComparisonRow, 'prazo' | 'validade'>;

const carriage = (armador: string | null, rota: string | null, transbordo: string | null) => ({
  armador,
  rota,
  transbordo,
});

describe('askedTransitDays', () => {
  it('reads the longest number of days, weeks as 7 days', () => {
    expect(askedTransitDays('35 dias')).toBe(35);
    expect(askedTransitDays('de 30 a 35 dias')).toBe(35);
    expect(askedTransitDays('até 5 semanas')).toBe(35);
    expect(askedTransitDays('o mais rápido possível')).toBeNull();
    expect(askedTransitDays(null)).toBeNull();
  });
});

describe('proposalWarnings', () => {
  it('asks to confirm the port of a priced reply naming none on a quote to two ports, not of an empty one', () => {
    const limits = { destino: 'Santos, BR / Paranaguá, BR' };
    const tipos = (precificada: boolean) =>
      proposalWarnings(
        { ...row(null, null), destino: null, precificada },
        carriage(null, null, null),
        limits,
      ).map((w) => w.tipo);
    expect(tipos(true)).toEqual(['destinoNaoInformado']);
    expect(tipos(false)).toEqual([]);
  });

  it('flags a route through a place the request asked to avoid, by whole words and without accents', () => {
    const warnings = proposalWarnings(row(30, null), carriage(null, 'Via Panamá', 'Cartagena'), {
      evitarRota: 'Evitar transbordo em Cartagena; canal do Panama',
    });
    expect(warnings.map((w) => w.tipo)).toEqual(['evitarRota', 'evitarRota']);
    expect(warnings.map((w) => w.texto)).toEqual([
      'Rota passa por Cartagena, que o pedido pediu para evitar',
      'Rota passa por Panama, que o pedido pediu para evitar',
    ]);
    // 'Santos' is not in 'Santo Antonio'.
    expect(
      proposalWarnings(row(30, null), carriage(null, 'Santo Antonio', null), { evitarRota: 'Santos' }),
    ).toEqual([]);
  });

  it("'evitar transbordo' alone flags any transhipment; a preferred direct route flags it too", () => {
    expect(
      proposalWarnings(row(30, null), carriage(null, null, 'Callao'), { evitarRota: 'Evitar transbordo' }),
    ).toEqual([
      {
        tipo: 'evitarTransbordo',
        texto: 'Rota com transbordo (Callao), que o pedido pediu para evitar',
      },
    ]);
    expect(
      proposalWarnings(row(30, null), carriage(null, 'Direto', null), { evitarRota: 'Evitar transbordo' }),
    ).toEqual([]);
    expect(
      proposalWarnings(row(30, null), carriage(null, null, 'Callao'), { preferenciaRota: true }).map(
        (w) => w.tipo,
      ),
    ).toEqual(['rotaDireta']);
  });

  it('flags a shipping line the request asked to avoid, one of a list', () => {
    expect(
      proposalWarnings(row(30, null), carriage('MSC Mediterranean', null, null), {
        evitarArmador: 'Maersk, MSC e CMA CGM',
      }),
    ).toEqual([
      { tipo: 'evitarArmador', texto: 'Armador MSC Mediterranean, que o pedido pediu para evitar' },
    ]);
    expect(
      proposalWarnings(row(30, null), carriage('Hapag-Lloyd', null, null), { evitarArmador: 'Maersk, MSC' }),
    ).toEqual([]);
  });

  it('flags a transit longer than asked, not one equal to it', () => {
    expect(proposalWarnings(row(36, null), carriage(null, null, null), { tempoTransito: '35 dias' })).toEqual(
      [{ tipo: 'transitTime', texto: 'Trânsito de 36 dias, acima dos 35 dias pedidos' }],
    );
    expect(proposalWarnings(row(35, null), carriage(null, null, null), { tempoTransito: '35 dias' })).toEqual(
      [],
    );
    expect(proposalWarnings(row(null, null), carriage(null, null, null), { tempoTransito: '35' })).toEqual(
      [],
    );
  });

  it('flags a validity that ends before the answer deadline (São Paulo day), unless already expired', () => {
    // 2026-12-10T02:00Z is still 9 December in São Paulo (UTC−3).
    const limits = { prazoResposta: '2026-12-10T02:00:00.000Z' };
    expect(proposalWarnings(row(30, '2026-12-08'), carriage(null, null, null), limits)).toEqual([
      {
        tipo: 'validadePrazo',
        texto: 'Validade (08/12/2026) termina antes do prazo de resposta (09/12/2026)',
      },
    ]);
    expect(proposalWarnings(row(30, '2026-12-09'), carriage(null, null, null), limits)).toEqual([]);
    expect(proposalWarnings(row(30, '2026-11-01', true), carriage(null, null, null), limits)).toEqual([]);
  });
});

describe('withProposalWarnings', () => {
  it("adds each row's carriage from its answer and keeps figures and order", () => {
    const base = { ...row(40, null), respostaId: 'r1', custoTotalBRL: 100 } as unknown as ComparisonRow;
    const comparison = { linhas: [base, { ...base, respostaId: 'r2' }] } as unknown as Comparison;
    const final = { armador: 'MSC', rota: 'via Cartagena', portoTransbordo: 'Cartagena' };
    const result = withProposalWarnings(
      comparison,
      [
        { id: 'r1', dadosExtraidos: { final } as never },
        { id: 'r2', dadosExtraidos: null },
      ],
      { evitarArmador: 'MSC', tempoTransito: '35 dias' },
    );
    expect(result.linhas[0]).toMatchObject({
      armador: 'MSC',
      rota: 'via Cartagena',
      transbordo: 'Cartagena',
      custoTotalBRL: 100,
    });
    expect(result.linhas[0]!.alertas!.map((w) => w.tipo)).toEqual(['evitarArmador', 'transitTime']);
    expect(result.linhas[1]).toMatchObject({ armador: null, rota: null, transbordo: null });
    expect(result.linhas[1]!.alertas!.map((w) => w.tipo)).toEqual(['transitTime']);
  });

  it('flags a port the quote did not ask for, when the asked port is among the rows; an inland city flags nothing', () => {
    const at = (respostaId: string, destino: string) =>
      ({ ...row(30, null), respostaId, destino }) as unknown as ComparisonRow;
    const linhas = [at('r1', 'Santos'), at('r1', 'Paranaguá'), at('r2', 'SANTOS')];
    const answers = [
      { id: 'r1', dadosExtraidos: null },
      { id: 'r2', dadosExtraidos: null },
    ];
    const kinds = (destino: string) =>
      withProposalWarnings({ linhas } as unknown as Comparison, answers, { destino }).linhas.map((r) =>
        r.alertas!.map((w) => w.texto),
      );
    expect(kinds('Santos, BR')).toEqual([
      [],
      ['Destino Paranaguá, diferente do pedido (Santos): uma alternativa, não o porto pedido'],
      [],
    ]);
    // "Santos ou Paranaguá" asks for either; an inland destination is no row's port.
    expect(kinds('Santos ou Paranaguá')).toEqual([[], [], []]);
    expect(kinds('Campinas, SP')).toEqual([[], [], []]);
  });

  it('flags an origin the quote did not ask for (an alternative, or a reply about another quote), when the asked one is among the rows', () => {
    const at = (respostaId: string) =>
      ({ ...row(30, null), respostaId, destino: 'Santos' }) as unknown as ComparisonRow;
    const linhas = [at('r1'), at('r2'), at('r3')];
    const answers = [
      { id: 'r1', dadosExtraidos: { final: { rota: 'Shanghai → Santos' } } as never },
      { id: 'r2', dadosExtraidos: { final: { rota: 'Qingdao → Santos' } } as never },
      { id: 'r3', dadosExtraidos: { final: { rota: '? → Santos' } } as never },
    ];
    const texts = (origem: string) =>
      withProposalWarnings({ linhas } as unknown as Comparison, answers, { origem }).linhas.map((r) =>
        r.alertas!.map((w) => w.texto),
      );
    expect(texts('Shanghai, CN')).toEqual([
      [],
      [
        'Origem Qingdao, diferente da pedida (Shanghai): uma alternativa ou a resposta de outra cotação; confira com o agente',
      ],
      [],
    ]);
    // Either of a list; a region or a city no reply names ("China", "Suzhou") is no port to compare against.
    expect(texts('Shanghai / Qingdao')).toEqual([[], [], []]);
    expect(texts('China')).toEqual([[], [], []]);
    expect(texts('Suzhou, CN')).toEqual([[], [], []]);
  });

  it("a revision's route kept from its earlier version counts as starting at the asked origin", () => {
    const at = (respostaId: string) =>
      ({ ...row(30, null), respostaId, destino: 'Santos' }) as unknown as ComparisonRow;
    const answers = [
      {
        id: 'r1',
        dadosExtraidos: { final: { rota: null } } as never,
        versoes: [{ versao: 1, dadosExtraidos: { final: { rota: 'Shanghai → Santos' } } as never }] as never,
      },
      { id: 'r2', dadosExtraidos: { final: { rota: 'Qingdao → Santos' } } as never },
    ];
    const result = withProposalWarnings({ linhas: [at('r1'), at('r2')] } as unknown as Comparison, answers, {
      origem: 'Shanghai, CN',
    });
    expect(result.linhas.map((r) => r.alertas!.map((w) => w.tipo))).toEqual([[], ['outraOrigem']]);
  });

  it('says which option of a reply of several is compared, and which are left out', () => {
    const base = { ...row(30, null), respostaId: 'r1', custoTotalBRL: 100 } as unknown as ComparisonRow;
    const option = (kind: string, title: string, recomendada?: boolean) => ({
      kind,
      title,
      ...(recomendada === undefined ? {} : { recomendada }),
    });
    const alert = (blocks: unknown[]) =>
      withProposalWarnings(
        { linhas: [base] } as unknown as Comparison,
        [{ id: 'r1', dadosExtraidos: { final: {}, blocks } as never }],
        {},
      ).linhas[0]!.alertas!;
    expect(
      alert([
        option('alternative_discarded', 'Opção 1: MSC USD 2.900/40HC', false),
        option('alternative', 'Opção 2: COSCO USD 2.750/40HC', true),
      ]),
    ).toEqual([
      {
        tipo: 'outrasOpcoes',
        texto:
          'A resposta traz 2 opções: comparada a recomendada pelo agente (“Opção 2: COSCO USD 2.750/40HC”); fora da comparação: “Opção 1: MSC USD 2.900/40HC”',
      },
    ]);
    expect(
      alert([
        option('alternative', 'OPÇÃO 1 - VIA MSC', false),
        option('alternative_discarded', 'OPÇÃO 2 - VIA COSCO', false),
        option('alternative_discarded', 'OPÇÃO 3 - VIA ONE', false),
      ])[0]!.texto,
    ).toBe(
      'A resposta traz 3 opções e não recomenda nenhuma: comparada a primeira (“OPÇÃO 1 - VIA MSC”); fora da comparação: “OPÇÃO 2 - VIA COSCO”, “OPÇÃO 3 - VIA ONE”',
    );
    expect(alert([option('alternative', 'A'), option('alternative_discarded', 'B')])[0]!.texto).toBe(
      'A resposta traz 2 opções: comparada “A”; fora da comparação: “B”',
    );
    // One offer, or no blocks listed: nothing.
    expect(alert([])).toEqual([]);
    expect(alert([option('alternative', 'A', true)])).toEqual([]);
  });

  it('names an end of the route the reply does not give in words, never "?"', () => {
    const base = { ...row(40, null), respostaId: 'r1', custoTotalBRL: 100 } as unknown as ComparisonRow;
    const rota = (value: string) =>
      withProposalWarnings(
        { linhas: [base] } as unknown as Comparison,
        [{ id: 'r1', dadosExtraidos: { final: { rota: value } } as never }],
        {},
      ).linhas[0]!.rota;
    // Without an origin, a route to the row's port says nothing the row does not: no line.
    expect(rota('? → Itajaí / Navegantes')).toBeNull();
    expect(rota('? → Busan → Santos')).toBe('origem não informada → Busan → Santos');
    expect(rota('Ningbo → ?')).toBe('Ningbo → destino não informado');
    expect(rota('Ningbo → Busan → Santos')).toBe('Ningbo → Busan → Santos');
  });

  it("a row's route ends at its own port; a revision that names no origin or line keeps its earlier version's", () => {
    const at = (destino: string) =>
      ({ ...row(40, null), respostaId: 'r1', destino }) as unknown as ComparisonRow;
    const [santos, itapoa] = withProposalWarnings(
      { linhas: [at('Santos'), at('Itapoá')] } as unknown as Comparison,
      [
        {
          id: 'r1',
          dadosExtraidos: { final: { rota: '? → Santos', armador: null } } as never,
          versoes: [
            { versao: 1, dadosExtraidos: { final: { rota: 'Shanghai → Santos', armador: 'MSC' } } } as never,
          ],
        },
      ],
      {},
    ).linhas;
    expect([santos!.rota, santos!.armador]).toEqual(['Shanghai → Santos', 'MSC']);
    expect(itapoa!.rota).toBe('Shanghai → Itapoá');
  });
});
