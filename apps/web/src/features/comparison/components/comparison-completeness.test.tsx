import { screen, waitFor, within } from '@testing-library/react';
import { fakeDecisionsApi, makeRows, respIds } from '@/features/decisions/testing/fake-decisions-api';
import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';
import { sessionStore } from '@/lib/session';
import { ids } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';

/*
 * Issue 30 on the 'Comparação' tab: an incomplete revision says so ('incompleta: sem THC'), its change is
 * not a saving, the previous version's fee is offered to keep and a missing fee can be typed by hand.
 */

function incompleteRows() {
  const rows = makeRows();
  const atlantico = rows.find((row) => row.respostaId === respIds.atl)!;
  atlantico.taxasAusentes = ['THC'];
  atlantico.taxasVersaoAnterior = [
    {
      nome: 'THC',
      rotulo: 'THC destino',
      destino: null,
      valor: 1450,
      moeda: 'BRL',
      unidade: 'CNTR',
      versao: 1,
    },
  ];
  atlantico.variacao = {
    versaoAnterior: 1,
    custoTotalBRL: -2900,
    custoTotalUSD: -552.84,
    prazo: 0,
    incompleta: true,
  };
  atlantico.destaque = { menorCusto: false, menorPrazo: false };
  atlantico.taxas[0]!.quantidade = 2;
  atlantico.taxas[0]!.base = 'conteiner';
  atlantico.taxas[0]!.valorTotal = (atlantico.taxas[0]!.valor ?? 0) * 2;
  return rows;
}

function setup() {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const fake = fakeDecisionsApi({ rows: incompleteRows() });
  const added: unknown[] = [];
  fake.routes[`POST /api/quotes/${ids.q1}/respostas/${respIds.atl}/taxas`] = (request) => {
    added.push(request.body);
    return { body: structuredClone(fake.db.entries[0]) };
  };
  const network = stubNetwork(fake.routes);
  const view = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
  return { ...view, network, added };
}

async function atlanticoRow() {
  const table = await screen.findByRole('table', {
    name: 'Propostas dos transportadores, uma linha por destino',
  });
  const row = within(table)
    .getAllByRole('row')
    .find((item) => item.hasAttribute('data-row') && within(item).queryByText('Atlântico Logística'))!;
  return within(row);
}

describe('Comparação: complete or incomplete (issue 30)', { timeout: 20_000 }, () => {
  it("says a transit range as written ('25–30 dias'), the longest figure kept for sorting", async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const rows = makeRows();
    const atlantico = rows.find((row) => row.respostaId === respIds.atl)!;
    atlantico.prazo = { ...atlantico.prazo, valor: 30, minimoDias: 25 };
    stubNetwork(fakeDecisionsApi({ rows }).routes);
    renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
    const row = await atlanticoRow();
    expect(row.getByText('25–30 dias')).toBeInTheDocument();
  });

  it("names the origin of prices from two origins ('40HC (de Ningbo)', QA pass 8)", async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const rows = makeRows();
    const atlantico = rows.find((row) => row.respostaId === respIds.atl)!;
    const counted = atlantico.fretes[0]!;
    atlantico.fretes = [
      { ...counted, origem: 'Shanghai' },
      { ...counted, valor: 2150, quantidade: 0, valorTotal: undefined, origem: 'Ningbo' },
    ];
    const fake = fakeDecisionsApi({ rows });
    stubNetwork(fake.routes);
    renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
    const row = await atlanticoRow();
    expect(row.getByText('(de Shanghai)')).toBeInTheDocument();
    expect(row.getByText('(de Ningbo)')).toBeInTheDocument();
  });

  it("badges a priced row without the price of a container asked ('sem o preço do contêiner de 20'')", async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const rows = makeRows();
    const atlantico = rows.find((row) => row.respostaId === respIds.atl)!;
    atlantico.faltando = ['frete20'];
    const fake = fakeDecisionsApi({ rows });
    stubNetwork(fake.routes);
    renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
    const row = await atlanticoRow();
    expect(row.getByText("sem o preço do contêiner de 20'")).toHaveAttribute(
      'title',
      'A proposta não traz o preço de todos os contêineres pedidos: o total não inclui esses contêineres.',
    );
  });

  it("'Adicionar taxa que falta' starts per shipment on an air offer, per container on a container one (QA pass 43a)", async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const rows = makeRows();
    const atlantico = rows.find((row) => row.respostaId === respIds.atl)!;
    atlantico.fretes = atlantico.fretes.map((frete) => ({ ...frete, tipo: 'KG' }));
    stubNetwork(fakeDecisionsApi({ rows }).routes);
    const { user } = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
    const row = await atlanticoRow();
    await user.click(row.getByRole('button', { name: /das taxas de Atlântico Logística/ }));
    const form = within(screen.getByRole('form', { name: 'Adicionar taxa que falta' }));
    expect(form.getByLabelText('Base')).toHaveValue('PROCESSO');
  });

  it('badges the incomplete row, shows the quantity of each fee, keeps a fee of v1 and adds one by hand', async () => {
    const { user, added } = setup();
    const row = await atlanticoRow();
    expect(row.getByText('incompleta: sem THC')).toBeInTheDocument();
    expect(row.queryByText('Menor custo')).toBeNull();
    expect(row.getByText('versão incompleta: a variação não é economia')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: /das taxas de Atlântico Logística/ }));
    const fees = within(screen.getByRole('list', { name: 'Linhas de taxa de Atlântico Logística' }));
    expect(fees.getByText('2 ×')).toBeInTheDocument();
    expect(fees.getByText(/^= R\$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Manter THC destino da versão anterior' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({
      nome: 'THC',
      moeda: 'BRL',
      valor: 1450,
      unidade: 'CNTR',
      origem: 'versao_anterior',
      versao: 1,
    });

    const form = within(screen.getByRole('form', { name: 'Adicionar taxa que falta' }));
    expect(form.getByLabelText('Base')).toHaveValue('CNTR');
    await user.type(form.getByLabelText('Taxa'), 'BL FEE');
    await user.selectOptions(form.getByLabelText('Moeda'), 'USD');
    await user.type(form.getByLabelText('Valor'), '50,00');
    await user.selectOptions(form.getByLabelText('Base'), 'BL');
    await user.click(form.getByRole('button', { name: 'Adicionar taxa' }));
    await waitFor(() => expect(added).toHaveLength(2));
    expect(added[1]).toMatchObject({
      nome: 'BL FEE',
      moeda: 'USD',
      valor: 50,
      unidade: 'BL',
      origem: 'manual',
    });
    expect(added[1]).not.toHaveProperty('minimo');
    // Per kg, a minimum may be given (it is offered only for a weight or volume basis).
    expect(form.queryByLabelText('Mínimo (opcional)')).toBeNull();
    await user.type(form.getByLabelText('Taxa'), 'Handling');
    await user.type(form.getByLabelText('Valor'), '0,08');
    await user.selectOptions(form.getByLabelText('Base'), 'KG');
    await user.type(form.getByLabelText('Mínimo (opcional)'), '4O');
    await user.click(form.getByRole('button', { name: 'Adicionar taxa' }));
    expect(
      await screen.findByText('Informe um mínimo válido (ex.: 60,00) ou deixe em branco.'),
    ).toBeInTheDocument();
    expect(added).toHaveLength(2);
    await user.clear(form.getByLabelText('Mínimo (opcional)'));
    await user.type(form.getByLabelText('Mínimo (opcional)'), '40,00');
    await user.click(form.getByRole('button', { name: 'Adicionar taxa' }));
    await waitFor(() => expect(added).toHaveLength(3));
    expect(added[2]).toMatchObject({ nome: 'Handling', valor: 0.08, unidade: 'KG', minimo: 40 });
  });
});

/** Delta's v2 says only its new freight and "Demais condições sem alteração.": the rest comes from v1. */
function revisedRows() {
  const rows = makeRows();
  const delta = rows.find((row) => row.respostaId === respIds.del)!;
  delta.destino = 'Navegantes';
  delta.destinoVersaoAnterior = 1;
  delta.condicoesMantidas = { trecho: 'Demais condições sem alteração.', versao: 1 };
  delta.prazo = {
    ...delta.prazo,
    valor: 40,
    fonte: { line: 13, text: 'Transit time: 40 dias', origin: 'versao:1' },
    versaoAnterior: 1,
  };
  delta.faltando = ['frete40', 'freeTime'];
  delta.freteAllIn = true;
  // A charge the others quote, under the engine's canonical name (written without accents).
  delta.taxasAusentes = ['DESCONSOLIDACAO'];
  return rows;
}

describe('Comparação: what a revision leaves unsaid (ADR 0024 addendum)', { timeout: 20_000 }, () => {
  it("marks the port and transit taken from v1, quotes the carrier's words, and opens v1's message", async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const fake = fakeDecisionsApi({ rows: revisedRows() });
    stubNetwork(fake.routes);
    const { user } = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
    const table = await screen.findByRole('table', {
      name: 'Propostas dos transportadores, uma linha por destino',
    });
    const row = within(
      within(table)
        .getAllByRole('row')
        .find((item) => item.hasAttribute('data-row') && within(item).queryByText('Delta Shipping'))!,
    );
    expect(row.getByText('(destino da versão 1)')).toBeInTheDocument();
    // Its cell reads 'Navegantes (destino da versão 1)' as text (QA pass 8: 'Santos(destino…' with no space).
    expect(row.getByText('(destino da versão 1)').parentElement?.textContent).toMatch(
      /^Navegantes \(destino da versão 1\)$/,
    );
    expect(
      row.getByText('Demais condições da versão 1 (a resposta diz: “Demais condições sem alteração.”)'),
    ).toBeInTheDocument();
    expect(row.getByText('da versão 1')).toBeInTheDocument();
    // An all-in price has no separate fees, and says why.
    expect(row.getByText('Inclusas no frete (all in)')).toBeInTheDocument();
    expect(row.queryByText('Sem taxas')).toBeNull();
    expect(row.getByText('incompleta: sem Desconsolidação')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: /^Transit time.*40 dias/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Origem do valor' }));
    expect(dialog.getByText('Versão 1 desta transportadora · Linha 13')).toBeInTheDocument();
    expect(dialog.getByText('Transit time: 40 dias')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Ver mensagem no histórico' })).toHaveAttribute(
      'href',
      `/quotes/${ids.q1}?aba=historico&mensagem=m-del-1`,
    );
  });
});
