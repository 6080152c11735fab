import { screen, waitFor, within } from '@testing-library/react';
import { fakeDecisionsApi, makeRows, respIds } from '@/features/decisions/testing/fake-decisions-api';
import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';
import { sessionStore } from '@/lib/session';
import { ids } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';

/*
 * Learning from corrections on the 'Comparação' tab (ADR 0101): a freight's container type and a fee's
 * basis are corrected from a list, and what hints of earlier corrections did is said.
 */

function rowsWithHints() {
  const rows = makeRows();
  const atlantico = rows.find((row) => row.respostaId === respIds.atl)!;
  atlantico.fretes[0]!.ajustadoPorDica = [{ campo: 'unidade', antes: 'BL' }];
  atlantico.taxas[0]!.unidade = 'CNTR';
  atlantico.taxas[0]!.ajustadoPorDica = [{ campo: 'moeda', antes: 'USD' }];
  atlantico.taxas[1]!.unidade = 'PROCESSO';
  atlantico.ignoradosPorDica = [{ rotulo: 'Seguro estimado', valor: 110, moeda: 'USD' }];
  return rows;
}

function setup() {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const fake = fakeDecisionsApi({ rows: rowsWithHints() });
  const network = stubNetwork(fake.routes);
  const view = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
  return { ...view, network };
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
async function openFeeLines(user: ReturnType<typeof setup>['user']) {
  await user.click(
    (await atlanticoRow()).getByRole('button', { name: 'Ver linhas (2) das taxas de Atlântico Logística' }),
  );
  return within(screen.getByRole('list', { name: 'Linhas de taxa de Atlântico Logística' }));
}
const puts = (network: ReturnType<typeof setup>['network']) =>
  network.requests.filter((request) => request.method === 'PUT');

describe('Comparação: learning from corrections', { timeout: 20_000 }, () => {
  it('says which values a correction of an earlier reply adjusted, and what it left out', async () => {
    const { user } = setup();
    const row = await atlanticoRow();
    expect(row.getByText('Ajustado por correção anterior').closest('[title]')).toHaveAttribute(
      'title',
      'Ajustado por uma correção feita antes em respostas deste agente (sem ela: por BL). Os aprendizados ficam no cadastro do agente, em Gerenciamento.',
    );
    const fees = await openFeeLines(user);
    const thc = within(fees.getAllByRole('listitem')[0]!);
    expect(
      thc.getByText('Ajustado por correção anterior').closest('[title]')!.getAttribute('title'),
    ).toContain('(sem ela: USD)');
    expect(
      thc.getByRole('button', { name: /^Base de Taxa THC: por contêiner\. Ver de onde veio/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Deixados de fora por correções anteriores: Seguro estimado: US$ 110,00'),
    ).toBeInTheDocument();
  });

  it("corrects a freight's container type from a list with the keyboard", async () => {
    const { user, network } = setup();
    const row = await atlanticoRow();
    await user.click(row.getByRole('button', { name: 'Corrigir Unidade de Frete 20DC' }));
    const select = screen.getByRole('combobox', { name: 'Novo valor de Unidade de Frete 20DC' });
    expect(select).toHaveFocus();
    expect(select).toHaveValue('20DC');
    expect(within(select).getByRole('option', { name: 'por kg' })).toHaveValue('KG');
    await user.selectOptions(select, '40HC');
    await user.keyboard('{Enter}');
    expect(puts(network).map((request) => request.body)).toEqual([
      { campo: 'fretes.0.unidade', valor: '40HC' },
    ]);
    expect(await screen.findByText('Valor corrigido: Unidade de Frete 20DC.')).toBeInTheDocument();
    const after = await atlanticoRow();
    await waitFor(() =>
      expect(
        after.getByRole('button', { name: /^Unidade de Frete 40HC: 40HC\. Ver de onde veio/ }),
      ).toBeInTheDocument(),
    );
    // Corrected by the analyst now: the hint's marker gives way to the correction's.
    expect(after.queryByText('Ajustado por correção anterior')).toBeNull();
    expect(after.getAllByText('Corrigido').length).toBeGreaterThan(0);
  });

  it("corrects a fee's basis from the list; Esc leaves without sending", async () => {
    const { user, network } = setup();
    const fees = await openFeeLines(user);
    await user.click(fees.getByRole('button', { name: 'Corrigir Base de Taxa THC' }));
    const basis = screen.getByRole('combobox', { name: 'Novo valor de Base de Taxa THC' });
    expect(
      within(basis)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'por contêiner',
      'por BL',
      'por processo',
      'por kg',
      'por tonelada',
      'por m³',
      'por W/M (peso ou volume)',
      'por viagem',
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('combobox', { name: 'Novo valor de Base de Taxa THC' })).toBeNull();
    expect(puts(network)).toHaveLength(0);

    await user.click(fees.getByRole('button', { name: 'Corrigir Base de Taxa THC' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Novo valor de Base de Taxa THC' }), 'BL');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Valor corrigido: Base de Taxa THC.')).toBeInTheDocument();
    expect(puts(network).map((request) => request.body)).toEqual([
      { campo: 'taxas.itens.0.unidade', valor: 'BL' },
    ]);
    const reloaded = within(
      await screen.findByRole('list', { name: 'Linhas de taxa de Atlântico Logística' }),
    );
    await waitFor(() =>
      expect(
        reloaded.getByRole('button', { name: /^Base de Taxa THC: por BL\. Ver de onde veio/ }),
      ).toBeInTheDocument(),
    );
  });
});
