import { ui } from '@cotacoes/shared/messages/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import {
  type Handler,
  problem,
  type RecordedRequest,
  type StubResponse,
  stubNetwork,
} from '@/testing/network';
import { renderAt } from '@/testing/render';
import { fakeApi, ids } from '../testing/fake-api';
import { ManagementPage } from './management-page';

const t = ui.management;

async function setup(
  routes: Record<string, Handler | StubResponse> = {},
  data?: Parameters<typeof fakeApi>[0],
) {
  sessionStore.set({ status: 'ready', user: makeUser({ empresaId: 'e-1' }) });
  const api = fakeApi(data);
  const network = stubNetwork({ ...api.routes, ...routes });
  const view = renderAt(<ManagementPage />, '/management', '/management?tab=grupos');
  expect(screen.getByRole('tab', { name: 'Grupos' })).toHaveAttribute('aria-selected', 'true');
  return { ...view, network, db: api.db };
}

const groupsList = () => screen.getByRole('list', { name: t.groups.listLabel });
const groupCard = (name: string) =>
  within(within(groupsList()).getByRole('heading', { name }).closest('li')!);

describe('management: groups', () => {
  it('lists groups with colour, description, creation date and member count; tabs switch', async () => {
    const { user } = await setup();
    await waitFor(() => expect(within(groupsList()).getAllByRole('listitem')).toHaveLength(2));
    const maritimo = groupCard('Marítimo Ásia');
    expect(maritimo.getByText('Fretes marítimos da China e do Vietnã')).toBeInTheDocument();
    expect(maritimo.getByText('Criado em 21/11/2026')).toBeInTheDocument();
    expect(maritimo.getByText('2 agente(s) de carga')).toBeInTheDocument();
    expect(maritimo.getByText('Atlântico Logística, Boreal Cargas')).toBeInTheDocument();
    expect(groupCard('Aéreo EUA').getByText(t.groups.noMembers)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Agentes de Carga' }));
    expect(await screen.findByRole('list', { name: t.carriers.listLabel })).toBeInTheDocument();
  });

  it('a big group: the card names its first five members and counts the rest; the dialog counts from the total', async () => {
    const members = ['Zeta', 'Ágil', 'Beta', 'Delta', 'Épsilon', 'Gama', 'Ômega'].map((nome, index) => ({
      id: `2000000${index}-0000-4000-8000-000000000009`,
      nome: `${nome} Cargas`,
    }));
    const { user, network } = await setup(
      {},
      {
        groups: [
          {
            id: ids.g1,
            nome: 'Marítimo Ásia',
            descricao: null,
            cor: '#0066CC',
            ativo: true,
            data_criacao: '21/11/2026',
            transportadores: members,
          },
        ],
      },
    );
    const card = await waitFor(() => groupCard('Marítimo Ásia'));
    expect(card.getByText('7 agente(s) de carga')).toBeInTheDocument();
    expect(
      card.getByText('Ágil Cargas, Beta Cargas, Delta Cargas, Épsilon Cargas, Gama Cargas +2 mais'),
    ).toBeInTheDocument();
    // The tab asks for cards, never for every member of the page's groups.
    const groupCalls = network.requests.filter((r) => r.url.startsWith('/api/groups')).map((r) => r.url);
    expect(groupCalls).toContain('/api/groups?page=1&limit=20&resumo=true');
    expect(groupCalls.every((url) => url.includes('resumo=true'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Gerenciar agentes de carga de Marítimo Ásia' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Agentes de carga de Marítimo Ásia' }));
    await dialog.findByRole('list', { name: t.groups.membersListLabel });
    expect(dialog.getByText('7 no grupo após salvar')).toBeInTheDocument();
    // Cruzeiro Freight is in no group: checking it makes 8.
    await user.click(dialog.getByRole('checkbox', { name: /Cruzeiro Freight/ }));
    expect(dialog.getByText(/8 no grupo após salvar/)).toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: /Cruzeiro Freight/ }));
    expect(dialog.getByText('7 no grupo após salvar')).toBeInTheDocument();
  });

  it('searches groups on the server by name or description; both empty states', async () => {
    const { user, network } = await setup();
    await waitFor(() => expect(within(groupsList()).getAllByRole('listitem')).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: t.groups.searchLabel }), 'vietna');
    await waitFor(() => expect(within(groupsList()).getAllByRole('listitem')).toHaveLength(1));
    expect(
      network.requests.some((r) => r.url === '/api/groups?search=vietna&page=1&limit=20&resumo=true'),
    ).toBe(true);
    await user.type(screen.getByRole('searchbox', { name: t.groups.searchLabel }), 'xyz');
    expect(await screen.findByText('Nenhum grupo encontrado com os filtros aplicados.')).toBeInTheDocument();
  });

  it("says 'Nenhum grupo cadastrado ainda.'", async () => {
    await setup({}, { groups: [] });
    expect(await screen.findByText('Nenhum grupo cadastrado ainda.')).toBeInTheDocument();
  });

  it("shows 'Erro ao carregar grupos' when the list fails without a message", async () => {
    await setup({ 'GET /api/groups': problem(400, 'VALIDATION_FAILED') });
    expect(await screen.findByText('Erro ao carregar grupos')).toBeInTheDocument();
  });

  it('creates a group: name required, colour #0066CC by default, empty description left out', async () => {
    let answer: StubResponse = problem(409, 'GRUPO_NOME_IN_USE', 'Já existe um grupo chamado "Aéreo EUA".');
    const { user, network } = await setup({ 'POST /api/groups': () => answer });
    const form = within(screen.getByRole('region', { name: t.groups.createTitle }));
    expect(form.getByLabelText('Cor')).toHaveValue('#0066cc');
    await user.click(form.getByRole('button', { name: t.groups.create }));
    expect(form.getByText('Nome do grupo é obrigatório')).toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(form.getByLabelText('Nome'), 'Aéreo EUA');
    await user.click(form.getByRole('button', { name: t.groups.create }));
    const error = await screen.findByRole('dialog', { name: 'Erro ao Criar Grupo' });
    expect(within(error).getByText('Já existe um grupo chamado "Aéreo EUA".')).toBeInTheDocument();
    await user.click(within(error).getAllByRole('button', { name: 'Fechar' }).at(-1)!);

    answer = {
      status: 201,
      body: {
        id: ids.g3,
        nome: 'Aéreo Europa',
        descricao: null,
        cor: '#0066CC',
        ativo: true,
        data_criacao: '21/11/2026',
        transportadores: [],
      },
    };
    await user.clear(form.getByLabelText('Nome'));
    await user.type(form.getByLabelText('Nome'), 'Aéreo Europa');
    await user.click(form.getByRole('button', { name: t.groups.create }));
    expect(await screen.findByText('Grupo cadastrado com sucesso!')).toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      nome: 'Aéreo Europa',
      cor: '#0066CC',
      ativo: true,
    });
  });

  it('edits a group with the Ativo / Inativo radio', async () => {
    const { user, network } = await setup({
      [`PATCH /api/groups/${ids.g1}`]: (request) => ({ body: { ...(request.body as object) } }),
    });
    await waitFor(() => expect(within(groupsList()).getAllByRole('listitem')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Editar Marítimo Ásia' }));
    const dialog = within(screen.getByRole('dialog', { name: t.groups.editTitle }));
    await user.click(dialog.getByRole('radio', { name: 'Inativo' }));
    await user.clear(dialog.getByLabelText('Descrição'));
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Grupo atualizado com sucesso!')).toBeInTheDocument();
    expect(network.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      nome: 'Marítimo Ásia',
      descricao: null,
      cor: '#0066CC',
      ativo: false,
    });
  });

  it('deletes a group after the confirmation', async () => {
    const { user, network } = await setup({
      [`DELETE /api/groups/${ids.g2}`]: { body: { message: 'Grupo removido com sucesso!' } },
    });
    await waitFor(() => expect(within(groupsList()).getAllByRole('listitem')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Excluir Aéreo EUA' }));
    const dialog = within(screen.getByRole('dialog', { name: t.groups.deleteTitle }));
    expect(dialog.getByText('Tem certeza que deseja excluir este grupo?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(network.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Excluir Aéreo EUA' }));
    await user.click(
      within(screen.getByRole('dialog', { name: t.groups.deleteTitle })).getByRole('button', {
        name: 'Excluir',
      }),
    );
    expect(await screen.findByText('Grupo removido com sucesso!')).toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      `/api/groups/${ids.g2}`,
    ]);
  });

  it('manage members sends the adds and the removals in parallel', async () => {
    const pending: Array<() => void> = [];
    const arrived: RecordedRequest[] = [];
    // Each call answers only once both have arrived: sequential calls would never finish.
    const both: Handler = (request) =>
      new Promise((resolve) => {
        arrived.push(request);
        pending.push(() => resolve({ body: { message: 'ok', alterado: true } }));
        if (pending.length === 2) for (const release of pending) release();
      });
    const { user } = await setup({
      [`POST /api/groups/${ids.g1}/transporters/${ids.a3}`]: both,
      [`DELETE /api/groups/${ids.g1}/transporters/${ids.a1}`]: both,
    });
    await waitFor(() => expect(within(groupsList()).getAllByRole('listitem')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Gerenciar agentes de carga de Marítimo Ásia' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Agentes de carga de Marítimo Ásia' }));
    const members = within(await dialog.findByRole('list', { name: t.groups.membersListLabel }));
    expect(members.getByRole('checkbox', { name: /Atlântico Logística/ })).toBeChecked();
    expect(members.getByRole('checkbox', { name: /Cruzeiro Freight/ })).not.toBeChecked();
    expect(dialog.getByRole('button', { name: 'Salvar' })).toBeDisabled();

    await user.click(members.getByRole('checkbox', { name: /Atlântico Logística/ }));
    await user.click(members.getByRole('checkbox', { name: /Cruzeiro Freight/ }));
    expect(dialog.getByText(/1 a adicionar, 1 a remover/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Grupo atualizado com sucesso!')).toBeInTheDocument();
    expect(arrived.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      `DELETE /api/groups/${ids.g1}/transporters/${ids.a1}`,
      `POST /api/groups/${ids.g1}/transporters/${ids.a3}`,
    ]);
  });

  it('manage members searches carriers and shows the server message (else the fallback) on failure', async () => {
    let answer: StubResponse = problem(404, 'TRANSPORTADOR_NOT_FOUND', 'Agente de carga não encontrado.');
    const { user, network } = await setup({
      [`POST /api/groups/${ids.g2}/transporters/${ids.a2}`]: () => answer,
    });
    await waitFor(() => expect(within(groupsList()).getAllByRole('listitem')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Gerenciar agentes de carga de Aéreo EUA' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Agentes de carga de Aéreo EUA' }));
    await dialog.findByRole('list', { name: t.groups.membersListLabel });
    await user.type(dialog.getByRole('searchbox', { name: t.groups.membersSearchLabel }), 'boreal');
    await waitFor(() =>
      expect(
        within(dialog.getByRole('list', { name: t.groups.membersListLabel })).getAllByRole('checkbox'),
      ).toHaveLength(1),
    );
    expect(network.requests.some((r) => r.url === '/api/transporters?search=boreal&page=1&limit=50')).toBe(
      true,
    );
    await user.click(dialog.getByRole('checkbox', { name: /Boreal Cargas/ }));
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Agente de carga não encontrado.');
    answer = { status: 500, body: '' };
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('Erro ao atualizar grupo'));
  });
});
