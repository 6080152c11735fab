import { ui } from '@cotacoes/shared/messages/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { type Handler, problem, type StubResponse, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { fakeApi, ids } from '../testing/fake-api';
import { ManagementPage } from './management-page';

const t = ui.management;

function setup(routes: Record<string, Handler | StubResponse> = {}, data?: Parameters<typeof fakeApi>[0]) {
  sessionStore.set({ status: 'ready', user: makeUser({ empresaId: 'e-1' }) });
  const api = fakeApi(data);
  const network = stubNetwork({ ...api.routes, ...routes });
  const view = renderAt(<ManagementPage />, '/management');
  return { ...view, network, db: api.db };
}

const carriersList = () => screen.getByRole('list', { name: t.carriers.listLabel });
const createForm = () => screen.getByRole('region', { name: t.carriers.createTitle });

describe('management: carriers', () => {
  it('shows the title, the totals and both tabs, and lists carriers with expandable details', async () => {
    const { user } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Gerenciamento' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Agentes de Carga' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Grupos' })).toBeInTheDocument();
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(3));
    const totals = within(screen.getByRole('region', { name: t.totalsLabel }));
    expect(totals.getByText('Agentes de Carga').nextElementSibling).toHaveTextContent('3');
    expect(totals.getByText('Grupos').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('3 agente(s) de carga')).toBeInTheDocument();

    const details = screen.getByRole('button', { name: 'Mostrar detalhes de Atlântico Logística' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('ops@atlantico.com.br')).not.toBeInTheDocument();
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('ops@atlantico.com.br')).toBeInTheDocument();
    expect(screen.getByText('E-mails (2)')).toBeInTheDocument();
  });

  it('reads the groups without their members and says "mais de" when a search count is capped', async () => {
    const carriers = fakeApi().db.carriers;
    const { user, network } = setup({
      'GET /api/transporters': (request) => {
        const search = new URL(request.url, 'http://localhost').searchParams.get('search');
        return {
          body: search
            ? { data: carriers.slice(0, 1), total: 100, totalPages: 2, page: 1, totalLimitado: true }
            : { data: carriers, total: carriers.length, totalPages: 1, page: 1 },
        };
      },
    });
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(3));
    // The pickers and the total need no members: the summary form (issue #18).
    expect(network.requests.some((r) => r.url === '/api/groups?resumo=true')).toBe(true);
    expect(network.requests.some((r) => r.url === '/api/groups')).toBe(false);
    await user.type(screen.getByRole('searchbox', { name: t.carriers.searchLabel }), 'logistica');
    expect(await screen.findByText('mais de 100 agentes de carga')).toBeInTheDocument();
  });

  it('validates the create form with the spec messages and sends nothing', async () => {
    const { user, network } = setup();
    const form = within(createForm());
    await user.click(form.getByRole('button', { name: t.carriers.create }));
    expect(form.getByText('O nome do agente de carga é obrigatório.')).toBeInTheDocument();
    expect(form.getByText('Pelo menos um email deve ser fornecido')).toBeInTheDocument();

    await user.type(form.getByLabelText('Nome'), 'Delta Shipping');
    await user.type(form.getByLabelText('E-mail 1'), 'delta@');
    await user.click(form.getByRole('button', { name: t.carriers.create }));
    expect(form.getByText('E-mail inválido: delta@')).toBeInTheDocument();
    expect(form.queryByText('O nome do agente de carga é obrigatório.')).not.toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates a carrier (blank e-mails dropped, joined by ;), the success modal closes by itself', async () => {
    const { user, network, db } = setup({
      'POST /api/transporters': (request) => {
        const body = request.body as { nome: string; email: string; grupos: string[] };
        db.carriers.push({ id: 'new', nome: body.nome, email: body.email, grupos: [], ativo: true });
        return { status: 201, body: db.carriers.at(-1) };
      },
    });
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(3));
    const form = within(createForm());
    await user.type(form.getByLabelText('Nome'), '  Delta Shipping ');
    await user.type(form.getByLabelText('E-mail 1'), 'Comercial@Delta.com');
    await user.click(form.getByRole('button', { name: t.carriers.addEmail }));
    expect(form.getByLabelText('E-mail 2')).toHaveFocus();
    await user.click(form.getByRole('button', { name: t.carriers.addEmail }));
    await user.type(form.getByLabelText('E-mail 3'), 'ops@delta.com');
    // Group multi-select: pick 'Aéreo EUA'.
    await user.click(form.getByRole('button', { name: /Grupos/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Aéreo EUA' }));
    await user.keyboard('{Escape}');
    await user.click(form.getByRole('button', { name: t.carriers.create }));

    const dialog = await screen.findByRole('dialog', { name: 'Sucesso!' });
    expect(within(dialog).getByText('Agente de carga cadastrado com sucesso!')).toBeInTheDocument();
    const shownAt = Date.now();
    expect(network.requests.find((r) => r.method === 'POST')?.body).toEqual({
      nome: 'Delta Shipping',
      email: 'comercial@delta.com;ops@delta.com',
      grupos: [ids.g2],
      ativo: true,
    });
    // The list reloads and the form is reset.
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(4));
    expect(form.getByLabelText('Nome')).toHaveValue('');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sucesso!' })).not.toBeInTheDocument(), {
      timeout: 3_000,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_800);
  });

  it("shows the server's 409 message in 'Erro ao Criar Agente de Carga', else the fallback", async () => {
    let answer: StubResponse = problem(
      409,
      'TRANSPORTADOR_EMAIL_IN_USE',
      'O e-mail ops@atlantico.com.br já está cadastrado no agente de carga "Atlântico Logística".',
    );
    const { user } = setup({ 'POST /api/transporters': () => answer });
    const form = within(createForm());
    await user.type(form.getByLabelText('Nome'), 'Outro');
    await user.type(form.getByLabelText('E-mail 1'), 'ops@atlantico.com.br');
    await user.click(form.getByRole('button', { name: t.carriers.create }));
    let dialog = await screen.findByRole('dialog', { name: 'Erro ao Criar Agente de Carga' });
    expect(
      within(dialog).getByText(
        'O e-mail ops@atlantico.com.br já está cadastrado no agente de carga "Atlântico Logística".',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    // The form keeps what was typed.
    expect(form.getByLabelText('Nome')).toHaveValue('Outro');

    answer = { status: 500, body: '' };
    await user.click(form.getByRole('button', { name: t.carriers.create }));
    dialog = await screen.findByRole('dialog', { name: 'Erro ao Criar Agente de Carga' });
    expect(within(dialog).getByText('Erro ao criar agente de carga')).toBeInTheDocument();
  });

  it('searches on the server (debounced) and filters by groups (OR), with the filtered empty state', async () => {
    const { user, network } = setup();
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(3));
    const listCalls = () => network.requests.filter((r) => r.url.startsWith('/api/transporters?'));
    const before = listCalls().length;
    await user.type(screen.getByRole('searchbox', { name: t.carriers.searchLabel }), 'atlan');
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(1));
    // One request for the whole word, not one per key.
    expect(
      listCalls()
        .slice(before)
        .map((r) => r.url),
    ).toEqual(['/api/transporters?search=atlan&page=1&limit=50']);

    await user.clear(screen.getByRole('searchbox', { name: t.carriers.searchLabel }));
    await user.click(screen.getByRole('button', { name: /Filtrar por grupos/ }));
    const listbox = within(screen.getByRole('listbox'));
    await user.click(listbox.getByRole('option', { name: 'Marítimo Ásia' }));
    await user.click(listbox.getByRole('option', { name: 'Aéreo EUA' }));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(
        network.requests.some(
          (r) => r.url === `/api/transporters?grupos=${ids.g1}%2C${ids.g2}&page=1&limit=50`,
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: t.carriers.searchLabel }), 'ninguém');
    expect(
      await screen.findByText('Nenhum agente de carga encontrado com os filtros aplicados.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.carriers.clearFilters }));
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(3));
  });

  it("says 'Nenhum agente de carga cadastrado ainda.'", async () => {
    setup({}, { carriers: [] });
    expect(await screen.findByText('Nenhum agente de carga cadastrado ainda.')).toBeInTheDocument();
  });

  it("shows 'Erro ao carregar agentes de carga' when the list fails without a message", async () => {
    setup({ 'GET /api/transporters': problem(400, 'X') });
    expect(await screen.findAllByText('Erro ao carregar agentes de carga')).not.toHaveLength(0);
  });

  it('leaves a company error to the company toast instead of an inline message', async () => {
    setup({
      'GET /api/transporters': problem(
        403,
        'EMPRESA_REQUIRED',
        'Usuário precisa estar vinculado a uma empresa para realizar esta ação.',
      ),
    });
    expect(await screen.findByText(ui.empresaRequired)).toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar agentes de carga')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /vinculado/ })).not.toBeInTheDocument();
    expect(
      screen.queryByText('Usuário precisa estar vinculado a uma empresa para realizar esta ação.'),
    ).not.toBeInTheDocument();
  });

  it('pages through 50 carriers at a time', async () => {
    const carriers = Array.from({ length: 120 }, (_, i) => ({
      id: `30000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      nome: `Agente ${String(i).padStart(3, '0')}`,
      email: `agente${i}@exemplo.com`,
      grupos: [],
      ativo: true,
    }));
    const { user, network } = setup({}, { carriers });
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(50));
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(within(nav).getByText('Página 1 de 3')).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(within(nav).getByText('Página 2 de 3')).toBeInTheDocument());
    expect(within(carriersList()).getByText('Agente 050')).toBeInTheDocument();
    expect(network.requests.some((r) => r.url === '/api/transporters?page=2&limit=50')).toBe(true);
  });

  it("'Selecionar Todos' selects every match over all pages; bulk add reports the count and skipped members", async () => {
    const { user, network } = setup({
      'POST /api/groups/:id/transporters': () => ({ body: {} }),
      [`POST /api/groups/${ids.g1}/transporters`]: () => ({
        body: {
          message: '1 agente(s) de carga adicionado(s) ao grupo com sucesso!',
          adicionados: 1,
          jaMembros: 2,
        },
      }),
    });
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(3));
    const bar = within(screen.getByRole('region', { name: t.carriers.selectionLabel }));
    expect(bar.getByRole('button', { name: t.carriers.bulkAdd })).toBeDisabled();
    await user.click(bar.getByRole('button', { name: 'Selecionar Todos' }));
    expect(await bar.findByText('3 selecionado(s)')).toBeInTheDocument();
    expect(network.requests.some((r) => r.url === '/api/transporters/ids')).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Selecionar Cruzeiro Freight' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Boreal Cargas' }));
    expect(bar.getByText('2 selecionado(s)')).toBeInTheDocument();
    await user.selectOptions(bar.getByRole('combobox', { name: t.carriers.bulkGroupLabel }), ids.g1);
    await user.click(bar.getByRole('button', { name: t.carriers.bulkAdd }));

    const dialog = await screen.findByRole('dialog', { name: 'Sucesso!' });
    expect(
      within(dialog).getByText('1 agente(s) de carga adicionado(s) ao grupo com sucesso!'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('2 já fazia(m) parte do grupo e foi(ram) mantido(s).'),
    ).toBeInTheDocument();
    expect(network.requests.find((r) => r.url === `/api/groups/${ids.g1}/transporters`)?.body).toEqual({
      transportadorIds: [ids.a1, ids.a3],
    });
    expect(bar.getByText(t.carriers.noneSelected)).toBeInTheDocument();
  });

  it("'Selecionar Todos' honours the filters; 'Desmarcar Todos' clears; a failed bulk add says so", async () => {
    const { user, network } = setup({
      [`POST /api/groups/${ids.g2}/transporters`]: { status: 500, body: '' },
    });
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: t.carriers.searchLabel }), 'boreal');
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(1));
    const bar = within(screen.getByRole('region', { name: t.carriers.selectionLabel }));
    await user.click(bar.getByRole('button', { name: 'Selecionar Todos' }));
    expect(await bar.findByText('1 selecionado(s)')).toBeInTheDocument();
    expect(network.requests.some((r) => r.url === '/api/transporters/ids?search=boreal')).toBe(true);
    await user.click(bar.getByRole('button', { name: 'Desmarcar Todos' }));
    expect(bar.getByText(t.carriers.noneSelected)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Boreal Cargas' }));
    await user.selectOptions(bar.getByRole('combobox', { name: t.carriers.bulkGroupLabel }), ids.g2);
    await user.click(bar.getByRole('button', { name: t.carriers.bulkAdd }));
    const dialog = await screen.findByRole('dialog', { name: 'Erro' });
    expect(within(dialog).getByText('Erro ao adicionar agentes ao grupo')).toBeInTheDocument();
    expect(bar.getByText('1 selecionado(s)')).toBeInTheDocument();
  });

  it('adds one carrier to a group from its card', async () => {
    const { user, network } = setup({
      [`POST /api/groups/${ids.g2}/transporters/${ids.a1}`]: {
        body: { message: 'Agente de carga adicionado ao grupo com sucesso!', alterado: true },
      },
      [`POST /api/groups/${ids.g2}/transporters/${ids.a2}`]: { status: 500, body: '' },
    });
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Adicionar Atlântico Logística a um grupo' }));
    let dialog = within(screen.getByRole('dialog', { name: t.carriers.addToGroupTitle }));
    // Only the groups it is not in yet.
    expect(dialog.getAllByRole('option').map((o) => o.textContent)).toEqual(['Aéreo EUA']);
    await user.click(dialog.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Agente de carga adicionado ao grupo com sucesso!')).toBeInTheDocument();
    expect(
      network.requests.some((r) => r.method === 'POST' && r.url.endsWith(`/transporters/${ids.a1}`)),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Adicionar Boreal Cargas a um grupo' }));
    dialog = within(screen.getByRole('dialog', { name: t.carriers.addToGroupTitle }));
    await user.click(dialog.getByRole('button', { name: 'Adicionar' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Erro ao adicionar ao grupo');
  });

  it('edits a carrier with the Ativo / Inativo radio', async () => {
    const { user, network } = setup({
      [`PATCH /api/transporters/${ids.a2}`]: (request) => ({
        body: { id: ids.a2, ...(request.body as object) },
      }),
    });
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Editar Boreal Cargas' }));
    const dialog = within(screen.getByRole('dialog', { name: t.carriers.editTitle }));
    expect(dialog.getByRole('radio', { name: 'Ativo' })).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: 'Inativo' }));
    await user.clear(dialog.getByLabelText('Nome'));
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(dialog.getByText('O nome do agente de carga é obrigatório.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Nome'), 'Boreal Cargas Ltda');
    await user.click(dialog.getByRole('button', { name: t.carriers.addEmail }));
    await user.type(dialog.getByLabelText('E-mail 2'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Agente de carga atualizado com sucesso!')).toBeInTheDocument();
    expect(network.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      nome: 'Boreal Cargas Ltda',
      email: 'cotacao@boreal.com.br',
      grupos: [ids.g1],
      ativo: false,
    });
  });

  it('deletes a carrier after the confirmation; a failure shows the fallback', async () => {
    let fail = true;
    const { user, network } = setup({
      [`DELETE /api/transporters/${ids.a3}`]: () =>
        fail ? { status: 500, body: '' } : { body: { message: 'Agente de carga removido com sucesso!' } },
    });
    await waitFor(() => expect(within(carriersList()).getAllByRole('listitem')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Excluir Cruzeiro Freight' }));
    const dialog = within(screen.getByRole('dialog', { name: t.carriers.deleteTitle }));
    expect(dialog.getByText('Tem certeza que deseja excluir este agente de carga?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Excluir' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Erro ao remover agente de carga');
    fail = false;
    await user.click(dialog.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Agente de carga removido com sucesso!')).toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
  });

  it("simple carrier modal: 'Nome é obrigatório', 'Email é obrigatório', 'Email inválido'; sends nome, email, ativo", async () => {
    const { user, network } = setup({
      'POST /api/transporters': (request) => ({
        status: 201,
        body: { id: 'x', grupos: [], ...(request.body as object) },
      }),
    });
    await user.click(screen.getByRole('button', { name: t.carriers.quickCreate }));
    const dialog = within(screen.getByRole('dialog', { name: t.carriers.simpleTitle }));
    await user.click(dialog.getByRole('button', { name: t.carriers.simpleSubmit }));
    expect(dialog.getByText('Nome é obrigatório')).toBeInTheDocument();
    expect(dialog.getByText('Email é obrigatório')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Nome'), 'Rápido Transportes');
    await user.type(dialog.getByLabelText('E-mail'), 'rapido @x.com');
    await user.click(dialog.getByRole('button', { name: t.carriers.simpleSubmit }));
    expect(dialog.getByText('Email inválido')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('E-mail'));
    await user.type(dialog.getByLabelText('E-mail'), 'rapido@x.com');
    await user.click(dialog.getByRole('button', { name: t.carriers.simpleSubmit }));
    expect(await screen.findByRole('dialog', { name: 'Sucesso!' })).toBeInTheDocument();
    expect(network.requests.find((r) => r.method === 'POST')?.body).toEqual({
      nome: 'Rápido Transportes',
      email: 'rapido@x.com',
      ativo: true,
    });
  });

  it("create group modal (from the selection bar): 'Nome do grupo é obrigatório', sends nome and descricao", async () => {
    const { user, network } = setup({
      'POST /api/groups': (request) => ({
        status: 201,
        body: {
          id: ids.g3,
          cor: '#0066CC',
          ativo: true,
          data_criacao: '21/11/2026',
          transportadores: [],
          descricao: null,
          ...(request.body as object),
        },
      }),
    });
    await user.click(screen.getByRole('button', { name: t.carriers.newGroup }));
    const dialog = within(screen.getByRole('dialog', { name: t.groups.modalTitle }));
    await user.click(dialog.getByRole('button', { name: t.groups.create }));
    expect(dialog.getByText('Nome do grupo é obrigatório')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Nome'), 'Rodoviário Mercosul');
    await user.click(dialog.getByRole('button', { name: t.groups.create }));
    expect(await screen.findByText('Grupo cadastrado com sucesso!')).toBeInTheDocument();
    expect(network.requests.find((r) => r.url === '/api/groups' && r.method === 'POST')?.body).toEqual({
      nome: 'Rodoviário Mercosul',
    });
  });
});
