import { ui } from '@cotacoes/shared/messages/ui';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { type Handler, problem, type StubResponse, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { CompaniesPage } from './companies-page';

const t = ui.companies;

const demo = {
  id: '11111111-1111-4111-8111-111111111111',
  nome: 'Importadora Demonstração',
  codigo: 'DEMO',
  cnpj: '11222333000181',
  razaoSocial: 'Importadora Demonstração Ltda',
  email: 'contato@importadora-demo.com.br',
  telefone: '(11) 4000-0000',
  endereco: 'Av. Paulista, 1000, São Paulo, SP',
  ativa: true,
  dadosNaoConfirmados: false,
  dataCriacao: '2026-11-01T12:00:00.000Z',
};
const other = {
  ...demo,
  id: '22222222-2222-4222-8222-222222222222',
  nome: 'Comércio Exterior Sul',
  codigo: 'CESUL',
  cnpj: '19131243000197',
  razaoSocial: null,
  email: null,
  telefone: null,
  endereco: null,
  dadosNaoConfirmados: true,
};

function setup(routes: Record<string, Handler | StubResponse> = {}) {
  sessionStore.set({ status: 'ready', user: makeUser({ role: 'desenvolvedor', empresaId: demo.id }) });
  const network = stubNetwork({ 'GET /api/empresas': { body: [demo, other] }, ...routes });
  const view = renderAt(<CompaniesPage />, '/empresas');
  return { ...view, network };
}

function row(name: string) {
  return screen.getByRole('row', { name: new RegExp(name) });
}

describe('company administration', () => {
  it('lists every company and shows the one the desenvolvedor acts in', async () => {
    setup();
    expect(await screen.findByRole('cell', { name: /Comércio Exterior Sul/ })).toBeInTheDocument();
    expect(screen.getByTestId('current-visao')).toHaveTextContent('Importadora Demonstração (DEMO)');
    expect(within(row('Importadora Demonstração')).getByText(t.acting)).toBeInTheDocument();
    expect(within(row('Importadora Demonstração')).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(
      within(row('Comércio Exterior Sul')).getByRole('button', { name: /Atuar na empresa/ }),
    ).toBeInTheDocument();
    // Typed at onboarding while the public CNPJ service was down: marked.
    expect(within(row('Comércio Exterior Sul')).getByText(t.unconfirmed)).toBeInTheDocument();
    expect(within(row('Importadora Demonstração')).queryByText(t.unconfirmed)).not.toBeInTheDocument();
  });

  it("shows 'Erro ao carregar empresas' when the list fails", async () => {
    // A 4xx is not retried; without a server message the spec's text is shown.
    setup({ 'GET /api/empresas': problem(403, 'FORBIDDEN') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar empresas');
  });

  it('creates a company: required fields, code upper-cased, masked CNPJ sent bare, success toast', async () => {
    const { user, network } = setup({
      'POST /api/empresas': (request) => ({ status: 201, body: { ...other, ...(request.body as object) } }),
    });
    await screen.findByRole('cell', { name: /Comércio Exterior Sul/ });
    const form = within(screen.getByRole('region', { name: t.createTitle }));
    await user.click(form.getByRole('button', { name: t.create }));
    expect(form.getByText('O nome da empresa é obrigatório.')).toBeInTheDocument();
    expect(form.getByText('O código da empresa é obrigatório.')).toBeInTheDocument();

    await user.type(form.getByLabelText(t.fields.nome), 'Nova Importadora');
    await user.type(form.getByLabelText(t.fields.codigo), 'nova1');
    expect(form.getByLabelText(t.fields.codigo)).toHaveValue('NOVA1');
    await user.type(form.getByLabelText(t.fields.cnpj), '19131243000197');
    expect(form.getByLabelText(t.fields.cnpj)).toHaveValue('19.131.243/0001-97');
    await user.click(form.getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.created)).toBeInTheDocument();
    expect(network.requests.find((r) => r.method === 'POST')?.body).toEqual({
      nome: 'Nova Importadora',
      codigo: 'NOVA1',
      cnpj: '19131243000197',
      razaoSocial: null,
      email: null,
      telefone: null,
      endereco: null,
    });
  });

  it("shows the server's message, else 'Erro ao criar empresa'", async () => {
    const { user } = setup({ 'POST /api/empresas': { status: 500, body: '' } });
    await screen.findByRole('cell', { name: /Comércio Exterior Sul/ });
    const form = within(screen.getByRole('region', { name: t.createTitle }));
    await user.type(form.getByLabelText(t.fields.nome), 'X');
    await user.type(form.getByLabelText(t.fields.codigo), 'X');
    await user.click(form.getByRole('button', { name: t.create }));
    expect(await form.findByRole('alert')).toHaveTextContent('Erro ao criar empresa');
  });

  it('edits a company in a modal and sends every field', async () => {
    const { user, network } = setup({ [`PATCH /api/empresas/${other.id}`]: { body: other } });
    await screen.findByRole('cell', { name: /Comércio Exterior Sul/ });
    await user.click(screen.getByRole('button', { name: 'Editar Comércio Exterior Sul' }));
    const dialog = within(screen.getByRole('dialog', { name: t.editTitle }));
    expect(dialog.getByLabelText(t.fields.codigo)).toHaveValue('CESUL');
    expect(dialog.getByLabelText(t.fields.cnpj)).toHaveValue('19.131.243/0001-97');
    await user.clear(dialog.getByLabelText(t.fields.codigo));
    await user.type(dialog.getByLabelText(t.fields.codigo), 'sul2');
    await user.type(dialog.getByLabelText(t.fields.telefone), '(51) 3000-0000');
    await user.click(dialog.getByRole('button', { name: ui.common.save }));
    expect(await screen.findByText(t.updated)).toBeInTheDocument();
    expect(network.requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      codigo: 'SUL2',
      telefone: '(51) 3000-0000',
      cnpj: '19131243000197',
    });
  });

  it('deletes a company without data after a plain confirmation', async () => {
    const { user, network } = setup({
      [`GET /api/empresas/${other.id}`]: {
        body: { ...other, resumo: { usuarios: 0, convitesPendentes: 0, solicitacoesPendentes: 0 } },
      },
      [`DELETE /api/empresas/${other.id}`]: { body: { message: 'Empresa removida.' } },
    });
    await screen.findByRole('cell', { name: /Comércio Exterior Sul/ });
    await user.click(screen.getByRole('button', { name: 'Excluir Comércio Exterior Sul' }));
    const dialog = within(screen.getByRole('dialog', { name: t.deleteTitle }));
    expect(
      await dialog.findByText(/Tem certeza que deseja excluir a empresa Comércio Exterior Sul\?/),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: t.deleteButton }));
    expect(await screen.findByText(t.deleted)).toBeInTheDocument();
    expect(network.requests.find((r) => r.method === 'DELETE')?.url).toBe(`/api/empresas/${other.id}`);
  });

  it('explains what a company with data loses and forces the delete only after the code is typed', async () => {
    const { user, network } = setup({
      [`GET /api/empresas/${other.id}`]: {
        body: { ...other, resumo: { usuarios: 3, convitesPendentes: 1, solicitacoesPendentes: 0 } },
      },
      [`DELETE /api/empresas/${other.id}`]: { body: { message: 'Empresa removida.' } },
    });
    await screen.findByRole('cell', { name: /Comércio Exterior Sul/ });
    await user.click(screen.getByRole('button', { name: 'Excluir Comércio Exterior Sul' }));
    const dialog = within(screen.getByRole('dialog', { name: t.deleteTitle }));
    expect(await dialog.findByText(t.deleteLossTitle)).toBeInTheDocument();
    expect(dialog.getByText(/3 usuário\(s\) vinculado\(s\)/)).toBeInTheDocument();
    expect(dialog.getByText(/1 convite\(s\) pendente\(s\)/)).toBeInTheDocument();
    expect(dialog.queryByText(/solicitação\(ões\)/)).not.toBeInTheDocument();
    expect(dialog.getByText(t.lossData)).toBeInTheDocument();

    const force = dialog.getByRole('button', { name: t.forceDelete });
    expect(force).toBeDisabled();
    await user.type(dialog.getByLabelText(/digite o código da empresa \(CESUL\)/), 'cesul');
    expect(force).toBeEnabled();
    await user.click(force);
    expect(await screen.findByText(t.deleted)).toBeInTheDocument();
    expect(network.requests.find((r) => r.method === 'DELETE')?.url).toBe(
      `/api/empresas/${other.id}?forceDelete=true`,
    );
  });

  it('a 409 from the API (data appeared meanwhile) switches to the forced delete', async () => {
    let counts = { usuarios: 0, convitesPendentes: 0, solicitacoesPendentes: 0 };
    const { user, network } = setup({
      [`GET /api/empresas/${other.id}`]: () => ({ body: { ...other, resumo: counts } }),
      [`DELETE /api/empresas/${other.id}`]: (request) =>
        request.url.includes('forceDelete=true')
          ? { body: { message: 'Empresa removida.' } }
          : problem(409, 'EMPRESA_HAS_DATA', 'A empresa ainda possui 0 usuário(s)...'),
    });
    await screen.findByRole('cell', { name: /Comércio Exterior Sul/ });
    await user.click(screen.getByRole('button', { name: 'Excluir Comércio Exterior Sul' }));
    const dialog = within(screen.getByRole('dialog', { name: t.deleteTitle }));
    counts = { usuarios: 0, convitesPendentes: 0, solicitacoesPendentes: 2 };
    await user.click(await dialog.findByRole('button', { name: t.deleteButton }));
    expect(await dialog.findByText(/2 solicitação\(ões\) de acesso pendente\(s\)/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/CESUL/), 'CESUL');
    await user.click(dialog.getByRole('button', { name: t.forceDelete }));
    expect(await screen.findByText(t.deleted)).toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      `/api/empresas/${other.id}`,
      `/api/empresas/${other.id}?forceDelete=true`,
    ]);
  });

  it("shows 'Erro ao remover empresa' when the delete fails", async () => {
    const { user } = setup({
      [`GET /api/empresas/${other.id}`]: {
        body: { ...other, resumo: { usuarios: 0, convitesPendentes: 0, solicitacoesPendentes: 0 } },
      },
      [`DELETE /api/empresas/${other.id}`]: { status: 500, body: '' },
    });
    await screen.findByRole('cell', { name: /Comércio Exterior Sul/ });
    await user.click(screen.getByRole('button', { name: 'Excluir Comércio Exterior Sul' }));
    const dialog = within(screen.getByRole('dialog', { name: t.deleteTitle }));
    await user.click(await dialog.findByRole('button', { name: t.deleteButton }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Erro ao remover empresa');
  });

  it('sets the visão: the stored user acts in the chosen company', async () => {
    const acting = makeUser({ role: 'desenvolvedor', empresaId: other.id });
    const { user, network } = setup({
      [`POST /api/empresas/set-visao/${other.id}`]: { body: { user: acting, empresa: other } },
    });
    await screen.findByRole('cell', { name: /Comércio Exterior Sul/ });
    await user.click(screen.getByRole('button', { name: 'Atuar na empresa Comércio Exterior Sul' }));
    expect(await screen.findByText('Agora você está atuando em Comércio Exterior Sul.')).toBeInTheDocument();
    expect(sessionStore.get().user?.empresaId).toBe(other.id);
    expect(screen.getByTestId('current-visao')).toHaveTextContent('Comércio Exterior Sul (CESUL)');
    expect(
      network.requests.some((r) => r.method === 'POST' && r.url.endsWith(`/set-visao/${other.id}`)),
    ).toBe(true);
  });
});
