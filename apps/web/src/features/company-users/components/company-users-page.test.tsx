import { ui } from '@cotacoes/shared/messages/ui';
import type { Role } from '@cotacoes/shared/rules/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser, publicConfig } from '@/testing/fixtures';
import {
  type Handler,
  problem,
  type RecordedRequest,
  type StubResponse,
  stubNetwork,
} from '@/testing/network';
import { renderApp, renderAt } from '@/testing/render';
import { CompanyUsersPage, type CompanyUsersVariant } from './company-users-page';

const t = ui.companyUsers;
const EMPRESA = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const members = [
  {
    id: 'u-1',
    name: 'Ana Souza',
    email: 'ana@importadora.com.br',
    role: 'supervisor',
    created_at: '2026-10-01T12:00:00.000Z',
    updated_at: '2026-10-01T12:00:00.000Z',
  },
  {
    id: 'u-2',
    name: 'Bruno Lima',
    email: 'bruno@importadora.com.br',
    role: 'analista',
    created_at: '2026-10-05T12:00:00.000Z',
    updated_at: '2026-10-05T12:00:00.000Z',
  },
  {
    id: 'u-3',
    name: 'Carla Dias',
    email: 'carla@importadora.com.br',
    role: 'supervisor',
    created_at: '2026-10-07T12:00:00.000Z',
    updated_at: '2026-10-07T12:00:00.000Z',
  },
];
const invites = [
  {
    id: 'i-1',
    empresaId: EMPRESA,
    name: 'Diego Rocha',
    email: 'diego@importadora.com.br',
    role: 'analista',
    createdAt: '2026-11-01T12:00:00.000Z',
    activatedAt: null,
    isActivated: false,
  },
  {
    id: 'i-2',
    empresaId: EMPRESA,
    name: null,
    email: 'elisa@importadora.com.br',
    role: 'supervisor',
    createdAt: '2026-10-20T12:00:00.000Z',
    activatedAt: '2026-10-21T12:00:00.000Z',
    isActivated: true,
  },
];
const joinRequest = {
  id: 'r-1',
  status: 'pendente',
  empresa: { id: EMPRESA, nome: 'Importadora Demonstração', codigo: 'DEMO' },
  requester: { id: 'u-9', name: 'Fábio Nunes', email: 'fabio@gmail.com' },
  role: null,
  motivo: null,
  createdAt: '2026-11-09T12:00:00.000Z',
  decidedAt: null,
};

/** The server's search and role filter, so the screen's query parameters are what is checked. */
function filtered<T extends { name: string | null; email: string; role: string }>(list: T[]): Handler {
  return (request: RecordedRequest) => {
    const params = new URL(request.url, 'http://localhost').searchParams;
    const search = params.get('search')?.toLowerCase() ?? '';
    const role = params.get('role') ?? 'all';
    return {
      body: list.filter(
        (item) =>
          (role === 'all' || item.role === role) &&
          (!search || `${item.name ?? ''} ${item.email}`.toLowerCase().includes(search)),
      ),
    };
  };
}

function setup(
  routes: Record<string, Handler | StubResponse> = {},
  {
    role = 'supervisor',
    empresaId = EMPRESA,
    variant = 'users',
  }: { role?: Role; empresaId?: string | null; variant?: CompanyUsersVariant } = {},
) {
  sessionStore.set({ status: 'ready', user: makeUser({ id: 'u-1', role, empresaId }) });
  const network = stubNetwork({
    'GET /api/empresas/my-company/users': filtered(members),
    'GET /api/empresas/my-company/pending-users': filtered(invites),
    'GET /api/empresas/my-company/join-requests': { body: [joinRequest] },
    ...routes,
  });
  const path = variant === 'assign' ? '/empresas/assign-user' : '/empresas/users';
  const view = renderAt(<CompanyUsersPage variant={variant} />, path);
  return { ...view, network };
}

const usersList = () => screen.getByRole('region', { name: t.activeList });

describe('company user management', () => {
  it('lists active users (never the delete button for oneself) and invites with their state', async () => {
    const { user } = setup();
    const list = within(await screen.findByRole('region', { name: t.activeList }));
    expect(list.getByText('Bruno Lima')).toBeInTheDocument();
    expect(list.getAllByRole('listitem')).toHaveLength(3);
    expect(list.queryByRole('button', { name: 'Desvincular Ana Souza' })).not.toBeInTheDocument();
    expect(list.getByRole('button', { name: 'Desvincular Bruno Lima' })).toBeInTheDocument();
    expect(list.getByText('Desde 05/10/2026')).toBeInTheDocument();
    // The list area scrolls at about 24rem.
    expect(screen.getByRole('region', { name: t.activeList })).toHaveClass('max-h-96', 'overflow-y-auto');

    await user.click(screen.getByRole('tab', { name: /Convites/ }));
    const pending = within(screen.getByRole('region', { name: t.pendingList }));
    expect(within(pending.getByText('Diego Rocha').closest('li')!).getByText(t.pending)).toBeInTheDocument();
    expect(
      within(pending.getByText('elisa@importadora.com.br').closest('li')!).getByText(t.activated),
    ).toBeInTheDocument();
  });

  it('filters by role (all, supervisor, analista) and searches by name or e-mail on the server', async () => {
    const { user, network } = setup();
    await screen.findByRole('region', { name: t.activeList });
    const filter = screen.getByRole('combobox', { name: t.roleFilterLabel });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos os perfis', 'Supervisor', 'Analista']);
    await user.selectOptions(filter, 'analista');
    await waitFor(() => expect(within(usersList()).getAllByRole('listitem')).toHaveLength(1));
    expect(within(usersList()).getByText('Bruno Lima')).toBeInTheDocument();
    expect(network.requests.some((r) => r.url === '/api/empresas/my-company/users?role=analista')).toBe(true);

    await user.selectOptions(filter, 'supervisor');
    await waitFor(() => expect(within(usersList()).getAllByRole('listitem')).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: t.searchLabel }), 'CARLA');
    await waitFor(() => expect(within(usersList()).getAllByRole('listitem')).toHaveLength(1));
    expect(within(usersList()).getByText('Carla Dias')).toBeInTheDocument();
    expect(
      network.requests.some((r) => r.url === '/api/empresas/my-company/users?search=CARLA&role=supervisor'),
    ).toBe(true);

    await user.clear(screen.getByRole('searchbox', { name: t.searchLabel }));
    await user.type(screen.getByRole('searchbox', { name: t.searchLabel }), 'ninguém');
    expect(await screen.findByText(t.noUsers)).toBeInTheDocument();
  });

  it("shows 'Erro ao carregar usuários' and 'Erro ao carregar usuários pendentes'", async () => {
    const { user } = setup({
      'GET /api/empresas/my-company/users': problem(403, 'FORBIDDEN'),
      'GET /api/empresas/my-company/pending-users': problem(403, 'FORBIDDEN'),
    });
    expect(await screen.findByText('Erro ao carregar usuários')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Convites/ }));
    expect(await screen.findByText('Erro ao carregar usuários pendentes')).toBeInTheDocument();
  });

  it('unlinks a user after confirmation; a failure shows the spec text', async () => {
    let fail = true;
    const { user, network } = setup({
      'DELETE /api/empresas/unlink-user/u-2': () =>
        fail ? { status: 500, body: '' } : { body: { message: 'Usuário desvinculado da empresa.' } },
    });
    await screen.findByRole('region', { name: t.activeList });
    await user.click(screen.getByRole('button', { name: 'Desvincular Bruno Lima' }));
    const dialog = within(screen.getByRole('dialog', { name: t.unlinkTitle }));
    expect(
      dialog.getByText(/Desvincular Bruno Lima \(bruno@importadora.com.br\) da empresa\?/),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: t.unlink }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Erro ao desvincular usuário da empresa');
    fail = false;
    await user.click(dialog.getByRole('button', { name: t.unlink }));
    expect(await screen.findByText(t.unlinked)).toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
  });

  it("removes an invite; a failure shows 'Erro ao remover convite'", async () => {
    const { user } = setup({ 'DELETE /api/empresas/pending-users/i-1': { status: 500, body: '' } });
    await screen.findByRole('region', { name: t.activeList });
    await user.click(screen.getByRole('tab', { name: /Convites/ }));
    await user.click(
      await screen.findByRole('button', { name: 'Remover convite de diego@importadora.com.br' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: t.removeInviteTitle }));
    await user.click(dialog.getByRole('button', { name: t.removeInvite }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Erro ao remover convite');
  });

  it('says an activated invite is only a record: the person stays (QA pass 10 read it as removing them)', async () => {
    const { user } = setup();
    await screen.findByRole('region', { name: t.activeList });
    await user.click(screen.getByRole('tab', { name: /Convites/ }));
    await user.click(
      await screen.findByRole('button', { name: 'Remover convite de elisa@importadora.com.br' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: t.removeInviteTitle }));
    expect(dialog.getByText(/já ativou o acesso e continua na empresa/)).toBeInTheDocument();
    // An invite without a name: its e-mail is the title and its role said once, as the badge.
    const row = screen.getByText('elisa@importadora.com.br').closest('li')!;
    expect(within(row).getAllByText('Supervisor')).toHaveLength(1);
    expect(dialog.queryByText(/O link enviado deixa de funcionar/)).not.toBeInTheDocument();
  });

  it('links an existing account or invites a new e-mail, and says which happened', async () => {
    const { user, network } = setup(
      {
        'POST /api/empresas/assign-user': (request) => {
          const body = request.body as { userEmail: string };
          return body.userEmail === 'bruno@importadora.com.br'
            ? {
                body: {
                  type: 'existing_user',
                  message: 'Usuário vinculado à empresa com sucesso.',
                  user: members[1],
                },
              }
            : {
                body: {
                  type: 'pending_user',
                  message: `Convite enviado para ${body.userEmail}. O usuário será vinculado à empresa ao concluir o cadastro.`,
                  invite: invites[0],
                },
              };
        },
      },
      { variant: 'assign' },
    );
    const form = within(await screen.findByRole('region', { name: t.formTitle }));
    await user.click(form.getByRole('button', { name: t.submit }));
    expect(form.getByRole('alert')).toHaveTextContent('Por favor, preencha todos os campos');

    await user.type(form.getByLabelText(t.emailLabel), 'Bruno@Importadora.com.br');
    await user.selectOptions(form.getByLabelText(t.roleLabel), 'supervisor');
    await user.click(form.getByRole('button', { name: t.submit }));
    expect(await form.findByText('Usuário vinculado à empresa com sucesso.')).toBeInTheDocument();
    expect(form.getByText(t.linkedTitle)).toBeInTheDocument();
    expect(network.requests.find((r) => r.method === 'POST')?.body).toEqual({
      userEmail: 'bruno@importadora.com.br',
      empresaId: EMPRESA,
      role: 'supervisor',
      name: null,
    });

    await user.type(form.getByLabelText(t.emailLabel), 'novo@importadora.com.br');
    await user.click(form.getByRole('button', { name: t.submit }));
    expect(await form.findByText(/Convite enviado para novo@importadora.com.br/)).toBeInTheDocument();
    expect(form.getByText(t.invitedTitle)).toBeInTheDocument();
  });

  it("shows the server's message, else 'Erro ao vincular usuário à empresa'", async () => {
    let answer: StubResponse = problem(
      409,
      'USER_IN_OTHER_EMPRESA',
      'Este usuário já está vinculado a outra empresa.',
    );
    const { user } = setup({ 'POST /api/empresas/assign-user': () => answer }, { variant: 'assign' });
    const form = within(await screen.findByRole('region', { name: t.formTitle }));
    await user.type(form.getByLabelText(t.emailLabel), 'x@y.com.br');
    await user.click(form.getByRole('button', { name: t.submit }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Este usuário já está vinculado a outra empresa.',
    );
    answer = { status: 500, body: '' };
    await user.click(form.getByRole('button', { name: t.submit }));
    await waitFor(() =>
      expect(form.getByRole('alert')).toHaveTextContent('Erro ao vincular usuário à empresa'),
    );
  });

  it('a supervisor without a company sees the spec error', async () => {
    setup({}, { empresaId: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário não possui empresa vinculada');
    expect(screen.queryByRole('region', { name: t.activeList })).not.toBeInTheDocument();
  });

  it('approves a join request with a role and rejects another with a reason', async () => {
    const second = {
      ...joinRequest,
      id: 'r-2',
      requester: { id: 'u-8', name: 'Gil Souza', email: 'gil@x.com' },
    };
    const decided = new Set<string>();
    const { user, network } = setup({
      // A decided request leaves the list: the row unmounts, and its toast must still show.
      'GET /api/empresas/my-company/join-requests': () => ({
        body: [joinRequest, second].filter((item) => !decided.has(item.id)),
      }),
      'POST /api/empresas/join-requests/r-1/approve': () => {
        decided.add('r-1');
        return { body: { ...joinRequest, status: 'aprovada' } };
      },
      'POST /api/empresas/join-requests/r-2/reject': { body: { ...second, status: 'rejeitada' } },
    });
    const panel = within(await screen.findByRole('region', { name: t.requestsTitle }));
    await panel.findByText('Fábio Nunes');
    await user.selectOptions(panel.getByRole('combobox', { name: 'Papel de Fábio Nunes' }), 'supervisor');
    await user.click(panel.getByRole('button', { name: 'Aprovar Fábio Nunes' }));
    expect(await screen.findByText('Fábio Nunes agora faz parte da empresa.')).toBeInTheDocument();
    await waitFor(() => expect(panel.queryByText('Fábio Nunes')).not.toBeInTheDocument());
    expect(network.requests.find((r) => r.url.endsWith('/r-1/approve'))?.body).toEqual({
      role: 'supervisor',
    });

    await user.click(panel.getByRole('button', { name: 'Recusar Gil Souza' }));
    const dialog = within(screen.getByRole('dialog', { name: t.rejectTitle }));
    await user.type(dialog.getByLabelText(t.rejectReasonLabel), 'Não conhecemos');
    await user.click(dialog.getByRole('button', { name: t.reject }));
    expect(await screen.findByText(t.rejected)).toBeInTheDocument();
    expect(network.requests.find((r) => r.url.endsWith('/r-2/reject'))?.body).toEqual({
      motivo: 'Não conhecemos',
    });
  });

  it('a desenvolvedor chooses the company; requests are shown only for the visão', async () => {
    const companies = [
      { id: EMPRESA, nome: 'Importadora Demonstração', codigo: 'DEMO' },
      { id: OTHER, nome: 'Comércio Exterior Sul', codigo: 'CESUL' },
    ].map((empresa) => ({
      ...empresa,
      cnpj: null,
      razaoSocial: null,
      email: null,
      telefone: null,
      endereco: null,
      ativa: true,
      dataCriacao: '2026-11-01T12:00:00.000Z',
    }));
    const { user, network } = setup(
      {
        'GET /api/empresas': { body: companies },
        [`GET /api/empresas/${EMPRESA}/users`]: filtered(members),
        [`GET /api/empresas/${EMPRESA}/pending-users`]: filtered(invites),
        [`GET /api/empresas/${OTHER}/users`]: { body: [members[1]] },
        [`GET /api/empresas/${OTHER}/pending-users`]: { body: [] },
      },
      { role: 'desenvolvedor' },
    );
    const select = await screen.findByRole('combobox', { name: t.companyLabel });
    expect(select).toHaveValue(EMPRESA);
    expect(
      await within(await screen.findByRole('region', { name: t.requestsTitle })).findByText('Fábio Nunes'),
    ).toBeInTheDocument();
    await user.selectOptions(select, OTHER);
    await waitFor(() => expect(within(usersList()).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText(t.requestsOtherCompany)).toBeInTheDocument();
    expect(network.requests.some((r) => r.url === `/api/empresas/${OTHER}/users`)).toBe(true);
  });
});

describe('access to user management', () => {
  beforeEach(() => {
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      'GET /api/rates': { status: 503, body: { code: 'SERVICE_UNAVAILABLE', status: 503 } },
    });
  });

  it.each(['/empresas/users', '/empresas/assign-user'])(
    "an analista is denied %s with 'Acesso Negado' and a way back to the dashboard",
    async (path) => {
      sessionStore.set({ status: 'ready', user: makeUser({ role: 'analista' }) });
      const { user, router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: ui.accessDenied.title })).toBeInTheDocument();
      expect(screen.getByText('Você não tem permissão para visualizar esta página.')).toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: ui.common.backToDashboard }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );
});
