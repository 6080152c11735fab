import { ui } from '@cotacoes/shared/messages/ui';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser, publicConfig } from '@/testing/fixtures';
import { type Handler, problem, type StubResponse, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { OnboardingPage } from './onboarding-page';

const t = ui.onboarding;

const receita = {
  source: 'receita',
  razao_social: 'IMPORTADORA EXEMPLO LTDA',
  nome_fantasia: 'Exemplo Imports',
  cnpj: '19131243000197',
  cep: '01311902',
  uf: 'SP',
  municipio: 'SAO PAULO',
  bairro: 'BELA VISTA',
  logradouro: 'AVENIDA PAULISTA',
  numero: '37',
  complemento: 'ANDAR 4',
  endereco: 'Avenida Paulista, 37, Andar 4, Bela Vista, São Paulo, SP, 01311-902',
};

const registered = {
  source: 'empresa',
  id: '7b0c1c43-7a9b-4c61-9f7a-1b0b7c0f0a11',
  nome: 'Importadora Demonstração',
  codigo: 'IMPDEMO',
  cnpj: '11222333000181',
  razaoSocial: 'Importadora Demonstração Ltda',
  endereco: 'Av. Paulista, 1000, São Paulo, SP',
};

const request = {
  id: 'r-1',
  status: 'pendente',
  empresa: { id: registered.id, nome: registered.nome, codigo: registered.codigo },
  requester: { id: 'u-1', name: 'Ana Souza', email: 'ana@importadora.com.br' },
  role: null,
  motivo: null,
  createdAt: '2026-11-10T13:00:00.000Z',
  decidedAt: null,
};

function setup(routes: Record<string, Handler | StubResponse> = {}, userOverrides = {}) {
  sessionStore.set({ status: 'ready', user: makeUser({ empresaId: null, ...userOverrides }) });
  const network = stubNetwork({
    'GET /api/config': { body: publicConfig },
    'GET /api/empresas/join-requests/mine': { body: { request: null } },
    ...routes,
  });
  const view = renderAt(<OnboardingPage />, '/onboarding/company');
  return { ...view, network };
}

async function choose(user: ReturnType<typeof setup>['user'], card: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(card) }));
}

describe('company onboarding', () => {
  it('offers the two choices and explains why linking is needed', async () => {
    setup();
    expect(await screen.findByRole('button', { name: new RegExp(t.createCard) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(t.joinCard) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.whyTitle })).toBeInTheDocument();
    for (const item of t.whyItems) expect(screen.getByText(item)).toBeInTheDocument();
  });

  it('checks the CNPJ before asking the server, with the spec and check-digit messages', async () => {
    const { user, network } = setup();
    await choose(user, t.createCard);
    const field = screen.getByLabelText(t.cnpjLabel);
    await user.type(field, '1913124300');
    await user.click(screen.getByRole('button', { name: t.search }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe um CNPJ válido com 14 dígitos');
    await user.type(field, '0198');
    await user.click(screen.getByRole('button', { name: t.search }));
    expect(await screen.findByRole('alert')).toHaveTextContent('dígitos verificadores');
    expect(network.requests.some((request) => request.url.includes('/search/cnpj/'))).toBe(false);
  });

  it('masks numeric and alphanumeric CNPJs and sends the 14 upper-case characters', async () => {
    const { user, network } = setup({
      'GET /api/empresas/search/cnpj/12ABC34501DE35': { body: { ...receita, cnpj: '12ABC34501DE35' } },
    });
    await choose(user, t.createCard);
    const field = screen.getByLabelText(t.cnpjLabel);
    await user.type(field, '19131243000197');
    expect(field).toHaveValue('19.131.243/0001-97');
    await user.clear(field);
    await user.type(field, '12abc34501de35');
    expect(field).toHaveValue('12.ABC.345/01DE-35');
    await user.click(screen.getByRole('button', { name: t.search }));
    expect(await screen.findByText('12.ABC.345/01DE-35')).toBeInTheDocument();
    expect(network.requests.at(-1)?.url).toBe('/api/empresas/search/cnpj/12ABC34501DE35');
  });

  it.each([
    ['not found', problem(404, 'CNPJ_NOT_FOUND', 'CNPJ não encontrado'), 'CNPJ não encontrado'],
    ['service down, no message', { status: 502, body: '' }, 'Falha ao consultar CNPJ'],
    ['network failure', 'network-error' as const, 'Falha ao consultar CNPJ'],
  ])('shows the look-up failure (%s)', async (_case, answer, message) => {
    const { user } = setup({ 'GET /api/empresas/search/cnpj/19131243000197': () => answer });
    await choose(user, t.createCard);
    await user.type(screen.getByLabelText(t.cnpjLabel), '19131243000197');
    await user.click(screen.getByRole('button', { name: t.search }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(
      screen.getByText(/Não encontrou sua empresa\? Escreva para suporte@cotacoes.local/),
    ).toBeInTheDocument();
    expect(screen.getByText(t.publicLookupNote)).toBeInTheDocument();
  });

  it('creates the company from the data found and ends on the success step', async () => {
    const { user, network, router } = setup({
      'GET /api/empresas/search/cnpj/19131243000197': { body: receita },
      'POST /api/empresas/onboarding': {
        status: 201,
        body: {
          id: 'e-9',
          nome: 'Exemplo Imports',
          codigo: 'EXEIMP',
          cnpj: receita.cnpj,
          razaoSocial: receita.razao_social,
          email: null,
          telefone: null,
          endereco: receita.endereco,
          ativa: true,
          dataCriacao: '2026-11-10T13:00:00.000Z',
          user: { ...makeUser({ role: 'supervisor', empresaId: 'e-9' }) },
        },
      },
    });
    await choose(user, t.createCard);
    await user.type(screen.getByLabelText(t.cnpjLabel), '19131243000197');
    await user.click(screen.getByRole('button', { name: t.search }));

    const found = within(await screen.findByRole('region', { name: t.foundTitle }));
    expect(found.getByText(receita.razao_social)).toBeInTheDocument();
    expect(found.getByText(receita.nome_fantasia)).toBeInTheDocument();
    expect(found.getByText('19.131.243/0001-97')).toBeInTheDocument();
    expect(found.getByText(receita.endereco)).toBeInTheDocument();

    // 'Editar CNPJ' goes back to the field with the number kept.
    await user.click(screen.getByRole('button', { name: t.editCnpj }));
    expect(screen.getByLabelText(t.cnpjLabel)).toHaveValue('19.131.243/0001-97');
    await user.click(screen.getByRole('button', { name: t.search }));
    await user.click(await screen.findByRole('button', { name: t.createCompany }));

    expect(await screen.findByRole('heading', { name: t.successCreatedTitle })).toBeInTheDocument();
    expect(network.requests.find((r) => r.method === 'POST')?.body).toEqual({
      nome: 'Exemplo Imports',
      codigo: 'TEMP',
      cnpj: '19131243000197',
      razaoSocial: receita.razao_social,
      endereco: receita.endereco,
    });
    expect(sessionStore.get().user).toMatchObject({ empresaId: 'e-9', role: 'supervisor' });
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').empresaId).toBe('e-9');
    await user.click(screen.getByRole('button', { name: t.goToDashboard }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('when the CNPJ service fails, lets the user type the data and create the company, marked not confirmed', async () => {
    const { user, network } = setup({
      'GET /api/empresas/search/cnpj/19131243000197': problem(
        503,
        'CNPJ_LOOKUP_FAILED',
        'Falha ao consultar CNPJ',
      ),
      'POST /api/empresas/onboarding': {
        status: 201,
        body: {
          id: 'e-10',
          nome: 'Rede Livre',
          codigo: 'REDLIV',
          cnpj: receita.cnpj,
          razaoSocial: 'Open Knowledge Brasil',
          email: null,
          telefone: null,
          endereco: 'Av. Paulista, 37',
          ativa: true,
          dadosNaoConfirmados: true,
          dataCriacao: '2026-11-10T13:00:00.000Z',
          user: { ...makeUser({ role: 'supervisor', empresaId: 'e-10' }) },
        },
      },
    });
    await choose(user, t.createCard);
    await user.type(screen.getByLabelText(t.cnpjLabel), '19131243000197');
    await user.click(screen.getByRole('button', { name: t.search }));
    expect(await screen.findByText('Falha ao consultar CNPJ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.manualStart }));

    const form = within(screen.getByRole('form', { name: t.manualTitle }));
    expect(form.getByText('19.131.243/0001-97')).toBeInTheDocument();
    // Typed data does not come from the public lookup: its note is not shown.
    expect(screen.queryByText(t.publicLookupNote)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.createCompany }));
    expect(await form.findByText(t.manualRazaoSocialRequired)).toBeInTheDocument();
    expect(network.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(form.getByLabelText(t.fields.razaoSocial), 'Open Knowledge Brasil');
    expect(form.queryByText(t.manualRazaoSocialRequired)).not.toBeInTheDocument();
    await user.type(form.getByLabelText(t.fields.nomeFantasia), 'Rede Livre');
    await user.type(form.getByLabelText(t.fields.endereco), 'Av. Paulista, 37');
    await user.click(screen.getByRole('button', { name: t.createCompany }));

    expect(await screen.findByRole('heading', { name: t.successCreatedTitle })).toBeInTheDocument();
    expect(screen.getByText(t.unconfirmed)).toBeInTheDocument();
    expect(network.requests.find((r) => r.method === 'POST')?.body).toEqual({
      nome: 'Rede Livre',
      codigo: 'TEMP',
      cnpj: '19131243000197',
      razaoSocial: 'Open Knowledge Brasil',
      endereco: 'Av. Paulista, 37',
    });
  });

  it('does not offer typed data for a rate limit, and hides the offer once the CNPJ is edited', async () => {
    const { user } = setup({
      'GET /api/empresas/search/cnpj/19131243000197': problem(429, 'RATE_LIMITED', 'Muitas tentativas.'),
      'GET /api/empresas/search/cnpj/11222333000181': problem(404, 'CNPJ_NOT_FOUND', 'CNPJ não encontrado'),
    });
    await choose(user, t.createCard);
    await user.type(screen.getByLabelText(t.cnpjLabel), '19131243000197');
    await user.click(screen.getByRole('button', { name: t.search }));
    expect(await screen.findByText('Muitas tentativas.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.manualStart })).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText(t.cnpjLabel));
    await user.type(screen.getByLabelText(t.cnpjLabel), '11222333000181');
    await user.click(screen.getByRole('button', { name: t.search }));
    expect(await screen.findByRole('button', { name: t.manualStart })).toBeInTheDocument();
    await user.type(screen.getByLabelText(t.cnpjLabel), '{Backspace}');
    expect(screen.queryByRole('button', { name: t.manualStart })).not.toBeInTheDocument();
  });

  it("falls back from nome fantasia to razão social, and shows 'Erro ao criar empresa' without a server message", async () => {
    const { user, network } = setup({
      'GET /api/empresas/search/cnpj/19131243000197': { body: { ...receita, nome_fantasia: '' } },
      'POST /api/empresas/onboarding': { status: 500, body: '' },
    });
    await choose(user, t.createCard);
    await user.type(screen.getByLabelText(t.cnpjLabel), '19131243000197');
    await user.click(screen.getByRole('button', { name: t.search }));
    await user.click(await screen.findByRole('button', { name: t.createCompany }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao criar empresa');
    expect(network.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      nome: receita.razao_social,
    });
  });

  it('a registered CNPJ in create mode offers to ask for access instead', async () => {
    const { user } = setup({ 'GET /api/empresas/search/cnpj/11222333000181': { body: registered } });
    await choose(user, t.createCard);
    await user.type(screen.getByLabelText(t.cnpjLabel), '11222333000181');
    await user.click(screen.getByRole('button', { name: t.search }));
    expect(await screen.findByText(t.alreadyRegistered)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.createCompany })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.requestAccessInstead }));
    expect(screen.getByRole('heading', { name: t.joinHeading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.joinCompany })).toBeInTheDocument();
  });

  it('joining shows the company, sends the request and waits for approval', async () => {
    const { user, network } = setup({
      'GET /api/empresas/search/cnpj/11222333000181': { body: registered },
      [`POST /api/empresas/join/${registered.id}`]: {
        status: 201,
        body: { ...request, user: makeUser({ empresaId: null }) },
      },
    });
    await choose(user, t.joinCard);
    await user.type(screen.getByLabelText(t.cnpjLabel), '11.222.333/0001-81');
    await user.click(screen.getByRole('button', { name: t.verify }));
    const found = within(await screen.findByRole('region', { name: t.foundTitle }));
    expect(found.getByText(registered.nome)).toBeInTheDocument();
    expect(found.getByText('IMPDEMO')).toBeInTheDocument();
    expect(found.getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(found.getByText(registered.endereco)).toBeInTheDocument();
    expect(screen.getByText(t.joinApprovalNote)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.joinCompany }));
    expect(await screen.findByRole('heading', { name: t.pendingTitle })).toBeInTheDocument();
    expect(screen.getByText(/Importadora Demonstração foi enviada em 10\/11\/2026/)).toBeInTheDocument();
    expect(network.requests.find((r) => r.method === 'POST')?.body).toEqual({ cnpj: '11222333000181' });
    expect(sessionStore.get().user?.empresaId).toBeNull();
  });

  it('joining a company created with typed-in data says it is not confirmed, not that it comes from the Receita (QA pass 38)', async () => {
    const { user } = setup({
      'GET /api/empresas/search/cnpj/11222333000181': { body: { ...registered, dadosNaoConfirmados: true } },
    });
    await choose(user, t.joinCard);
    await user.type(screen.getByLabelText(t.cnpjLabel), '11.222.333/0001-81');
    await user.click(screen.getByRole('button', { name: t.verify }));
    await screen.findByRole('region', { name: t.foundTitle });
    expect(screen.getByText(t.unconfirmed)).toBeInTheDocument();
    expect(screen.getByText(t.unconfirmedHint)).toBeInTheDocument();
    expect(screen.queryByText(t.publicLookupNote)).toBeNull();
  });

  it("'Tentar Outro CNPJ' clears the company, and the join failure shows the fallback", async () => {
    const { user } = setup({
      'GET /api/empresas/search/cnpj/11222333000181': { body: registered },
      [`POST /api/empresas/join/${registered.id}`]: { status: 500, body: '' },
    });
    await choose(user, t.joinCard);
    await user.type(screen.getByLabelText(t.cnpjLabel), '11222333000181');
    await user.click(screen.getByRole('button', { name: t.verify }));
    await user.click(await screen.findByRole('button', { name: t.joinCompany }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao entrar na empresa');
    await user.click(screen.getByRole('button', { name: t.tryAnother }));
    expect(screen.getByLabelText(t.cnpjLabel)).toHaveValue('');
  });

  it('an invited e-mail is linked at once', async () => {
    const { user } = setup({
      'GET /api/empresas/search/cnpj/11222333000181': { body: registered },
      [`POST /api/empresas/join/${registered.id}`]: {
        status: 201,
        body: {
          ...request,
          status: 'aprovada',
          user: makeUser({ role: 'analista', empresaId: registered.id }),
        },
      },
    });
    await choose(user, t.joinCard);
    await user.type(screen.getByLabelText(t.cnpjLabel), '11222333000181');
    await user.click(screen.getByRole('button', { name: t.verify }));
    await user.click(await screen.findByRole('button', { name: t.joinCompany }));
    expect(await screen.findByRole('heading', { name: t.successLinkedTitle })).toBeInTheDocument();
    expect(sessionStore.get().user?.empresaId).toBe(registered.id);
  });

  it('a user who comes back waiting sees the request, and continues once a supervisor approves', async () => {
    let status = 'pendente';
    const { user, router } = setup({
      'GET /api/empresas/join-requests/mine': () => ({ body: { request: { ...request, status } } }),
      'GET /api/auth/me': { body: makeUser({ role: 'analista', empresaId: registered.id }) },
    });
    expect(await screen.findByRole('heading', { name: t.pendingTitle })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.pendingCheck }));
    expect(await screen.findByText(t.pendingStillWaiting)).toBeInTheDocument();

    status = 'aprovada';
    await user.click(screen.getByRole('button', { name: t.pendingCheck }));
    expect(await screen.findByRole('heading', { name: t.successApprovedTitle })).toBeInTheDocument();
    expect(sessionStore.get().user).toMatchObject({ role: 'analista', empresaId: registered.id });
    await user.click(screen.getByRole('button', { name: t.goToDashboard }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('from the waiting state the user may choose another company; a rejection is explained', async () => {
    const { user } = setup({
      'GET /api/empresas/join-requests/mine': {
        body: { request: { ...request, status: 'rejeitada', motivo: 'Não trabalha aqui' } },
      },
    });
    expect(await screen.findByText(t.rejectedTitle)).toBeInTheDocument();
    expect(screen.getByText('Motivo: Não trabalha aqui')).toBeInTheDocument();
    await choose(user, t.joinCard);
    await user.click(screen.getByRole('button', { name: t.backToChoice }));
    expect(screen.getByRole('button', { name: new RegExp(t.createCard) })).toBeInTheDocument();
  });

  it('a user who already has a company goes to the dashboard', async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ empresaId: 'e-1' }) });
    stubNetwork({ 'GET /api/empresas/join-requests/mine': { body: { request: null } } });
    const { router } = renderAt(<OnboardingPage />, '/onboarding/company');
    expect(await screen.findByTestId('location')).toHaveTextContent('/');
    expect(router.state.location.pathname).toBe('/');
  });
});
