/**
 * Screenshots of every screen, light and dark, desktop (1280×800) and phone (390×844), for a visual
 * review. Starts its own API with the demo seed (a desenvolvedor with a company), the local BrasilAPI
 * fake for the CNPJ look-up and the local PTAX fake (the comparison's rate: the demo's lane points).
 * Usage: npm run build -w apps/web && npx tsx apps/web/e2e/screenshots.ts [output dir]
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startFakeCnpjServer } from '../../api/test/fakes/cnpj-server';
import { startFakePtaxServer } from '../../api/test/fakes/ptax-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { startServer } from './support/server';

const outDir = path.resolve(process.argv[2] ?? '/tmp/web-shots');
mkdirSync(outDir, { recursive: true });

const publicScreens = [
  '/login',
  '/portal',
  '/portal/link-que-nao-existe',
  '/register',
  '/verify-email',
  '/create-password',
  '/forgot-password',
  '/auth/callback',
  '/dev/mailbox',
];
const privateScreens = [
  '/',
  '/configuracoes',
  '/configuracoes/alterar-senha',
  '/suporte',
  '/management',
  '/management?tab=grupos',
  '/empresas',
  '/empresas/assign-user',
  '/empresas/users',
  '/indicadores',
  '/lanes',
  '/respostas/nao-identificadas',
  '/respostas/com-falha',
];
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const PASSWORD = 'Cotacao2026';
const DEMO_CNPJ = '11222333000181';

const cnpjServer = await startFakeCnpjServer();
const ptaxServer = await startFakePtaxServer();
const server = await startServer({
  SEED_DEMO: 'true',
  CNPJ_API_URL: cnpjServer.url,
  PTAX_API_URL: ptaxServer.url,
});
const api = server.baseURL;

interface MailSummary {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** The local mailbox, read as the demo desenvolvedor (the only role that sees it). */
async function mailbox(): Promise<MailSummary[]> {
  const developer = await login('demo@cotacoes.local');
  const response = await fetch(`${api}/api/dev/mailbox`, {
    headers: { authorization: `Bearer ${developer}` },
  });
  return ((await response.json()) as { messages: MailSummary[] }).messages;
}

async function waitForMail(to: string, subject: RegExp): Promise<MailSummary> {
  for (let attempt = 0; attempt < 80; attempt++) {
    const found = (await mailbox()).find((mail) => mail.to.includes(to) && subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

async function call<T>(
  method: string,
  route: string,
  body?: unknown,
  auth: { token?: string; cookie?: string } = {},
) {
  const response = await fetch(`${api}/api${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
      ...(auth.cookie ? { cookie: auth.cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return { body: (await response.json()) as T, response };
}

async function login(email: string): Promise<string> {
  return (await call<{ access_token: string }>('POST', '/auth/login', { email, password: PASSWORD })).body
    .access_token;
}

/** A verified account without a company (register → code from the local mailbox → password). */
async function newAccount(name: string, email: string): Promise<string> {
  const { response } = await call('POST', '/auth/register', { email });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const mail = await waitForMail(email, /código de verificação/);
  const code = /(\d{6})/.exec(mail.subject)?.[1];
  await call('POST', '/auth/verify-email', { code }, { cookie });
  await call(
    'POST',
    '/auth/complete-registration',
    { name, password: PASSWORD, confirmPassword: PASSWORD },
    { cookie },
  );
  return login(email);
}

// Data for the user-management lists: an open invite and a join request in the demo company.
const demoToken = await login('demo@cotacoes.local');
const demoCompany = (
  await call<{ id: string }>('GET', '/empresas/current/empresa', undefined, { token: demoToken })
).body;
await call(
  'POST',
  '/empresas/assign-user',
  {
    userEmail: 'convidada@exemplo.com.br',
    name: 'Helena Convidada',
    empresaId: demoCompany.id,
    role: 'analista',
  },
  { token: demoToken },
);
const invite = await waitForMail('convidada@exemplo.com.br', /Convite/);
const inviteLink = /\/register\?\S+/.exec(invite.text)?.[0];
if (inviteLink) publicScreens.push(inviteLink);
const asking = await newAccount('Igor Solicitante', 'igor@exemplo.com.br');
await call('POST', `/empresas/join/${demoCompany.id}`, { cnpj: DEMO_CNPJ }, { token: asking });

// Quotes for the list and the detail: one to a demo group, one with a second page's worth of others.
const demoGroups = (
  await call<Array<{ id: string; transportadores: unknown[] }>>('GET', '/groups', undefined, {
    token: demoToken,
  })
).body;
const demoGroup = demoGroups.find((grupo) => grupo.transportadores.length > 0);
let demoQuoteId = '';
if (demoGroup) {
  for (let n = 1; n <= 12; n++) {
    const quote = await call<{ id: string }>(
      'POST',
      '/quotes',
      {
        nomeSolicitante: n % 2 ? 'Ana Souza' : 'João Conceição',
        referenciaProcesso: `IMP-2026-${String(n).padStart(3, '0')}`,
        fti: n % 3 ? `FTI-${8800 + n}` : null,
        tipoFrete: ['FCL', 'LCL', 'AÉREO', 'RODOVIÁRIO'][n % 4],
        metodoEnvio: 'EMAIL',
        destinatarios: { transportadores: [], grupos: [demoGroup.id] },
        cargaPerigosa: n === 1,
        origem: 'Xangai, China',
        destino: 'Santos, SP',
        incoterm: 'FOB',
        tempoTransito: 'até 35 dias',
        itens: [
          {
            mercadoria: 'Peças automotivas',
            quantidadeVolumes: '20 pallets',
            dimensoes: '120 x 80 x 100 cm',
          },
          { mercadoria: 'Rolamentos', quantidadeVolumes: '4 caixas', dimensoes: null },
        ],
      },
      { token: demoToken },
    );
    if (n === 1) demoQuoteId = quote.body.id;
  }
}

// Answers to the first quote (pasted as a desenvolvedor), extracted, for the cards, the Comparação tab,
// the comparative modal and the approval screen: one in USD, one in BRL for two ports, one with a long
// name still being read is left to the extraction's pace.
const replies = [
  'Prezados,\n\nFrete marítimo 40HC: USD 2.950,00\nTHC destino: BRL 1.450,00 por contêiner\nBL fee: USD 75,00\nTransit time: 32 dias\nFree time: 14 dias\nValidade: 31/12/2026',
  'Boa tarde,\n\nFrete 40HC Santos: R$ 15.800,00\nFrete 40HC Itajaí: R$ 16.200,00\nTHC: R$ 1.380,00\nTransit time: 35 dias\nFree time: 21 dias\nValidade: 15/12/2026',
  'Hello,\n\nOcean freight 40HC: USD 3,100.00\nDocumentation fee: USD 60.00 per BL\nValidity: 10/12/2026',
];
if (demoQuoteId) {
  const detail = (
    await call<{ destinatarios: { transportadorId: string }[] }>('GET', `/quotes/${demoQuoteId}`, undefined, {
      token: demoToken,
    })
  ).body;
  for (const [index, texto] of replies.entries()) {
    const recipient = detail.destinatarios[index];
    if (!recipient) break;
    await call(
      'POST',
      `/quotes/${demoQuoteId}/respostas-teste`,
      { transportadorId: recipient.transportadorId, texto },
      { token: demoToken },
    );
  }
  for (let attempt = 0; attempt < 120; attempt++) {
    const { data } = (
      await call<{ data: { atual: { extracao: string } | null }[] }>(
        'GET',
        `/quotes/${demoQuoteId}/respostas`,
        undefined,
        { token: demoToken },
      )
    ).body;
    if (data.filter((entry) => entry.atual?.extracao === 'concluida').length >= replies.length) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// The demo's lane (its replies' points), once the refresher has them: the lane page with its chart.
const lanes = await call<{ data: { chave: string }[] }>('GET', '/lanes', undefined, { token: demoToken });
const lane = lanes.body.data[0];
if (lane) privateScreens.push(`/lanes/${encodeURIComponent(lane.chave)}`);

const first = (await mailbox()).at(-1);
if (first) publicScreens.push(`/dev/mailbox?id=${encodeURIComponent(first.id)}`);

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let newcomers = 0;
try {
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ baseURL: api, viewport, locale: 'pt-BR' });
      await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
      const page = await context.newPage();
      const save = async (name: string) => {
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(150);
        await page.screenshot({ path: path.join(outDir, `${theme}-${device}-${name}.png`), fullPage: true });
      };
      const shot = async (route: string) => {
        await page.goto(route);
        await save(route.replace(/\W+/g, '_').replace(/^_|_$/g, '').slice(0, 60) || 'dashboard');
      };
      const signIn = async (email: string) => {
        await page.goto('/login');
        await page.getByLabel('E-mail').fill(email);
        await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Acessar conta' }).click();
        await page.waitForURL((url) => url.pathname !== '/login');
      };
      for (const route of publicScreens) await shot(route);
      await page.goto('/forgot-password');
      await page.getByLabel('E-mail').fill('demo@cotacoes.local');
      await page.getByRole('button', { name: 'Enviar código' }).click();
      await page.getByRole('heading', { name: 'Crie uma nova senha' }).waitFor();
      await save('forgot-password-code');
      await page.goto('/login');
      await page.getByRole('link', { name: 'Consultar cotação' }).click();
      await page.getByLabel('Código da cotação').waitFor();
      await save('portal-entry');

      await signIn('demo@cotacoes.local');
      for (const route of privateScreens) await shot(route);
      await page.goto('/empresas');
      await page
        .getByRole('button', { name: /^Excluir / })
        .first()
        .click();
      await page.getByText('Esta empresa ainda tem dados').waitFor();
      await save('empresas-delete');
      await page.keyboard.press('Escape');
      await page
        .getByRole('button', { name: /^Editar / })
        .first()
        .click();
      await save('empresas-edit');
      await page.keyboard.press('Escape');
      await page.goto('/empresas/assign-user');
      await page.getByRole('tab', { name: /Convites/ }).click();
      await save('assign-user-invites');
      // Carriers and groups: an expanded card, the edit and import modals, the groups tab and members.
      await page.goto('/management');
      const carriers = page.getByRole('list', { name: 'Agentes de carga' });
      await carriers
        .getByRole('button', { name: /^Mostrar detalhes de / })
        .first()
        .click();
      await carriers.getByRole('checkbox').first().check();
      await save('management-expanded');
      await carriers
        .getByRole('button', { name: /^Editar / })
        .first()
        .click();
      await save('management-edit-carrier');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Importar' }).click();
      await page.getByLabel(/Arquivo/).setInputFiles({
        name: 'agentes.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'Nome;Emails;Grupos\r\nDelta Shipping;"comercial@delta.com.br;ops@delta.com.br";Aéreo EUA\r\n;sem-nome@x.com;\r\nEco;nao-e-email;\r\n',
        ),
      });
      await page.getByRole('button', { name: 'Enviar e pré-visualizar' }).click();
      await page.getByText('Resumo de agentes.csv').waitFor();
      await save('management-import-preview');
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Grupos' }).click();
      await page.getByRole('list', { name: 'Grupos' }).waitFor();
      await save('management-groups');
      await page
        .getByRole('button', { name: /^Gerenciar agentes de carga de / })
        .first()
        .click();
      await page.getByRole('list', { name: 'Agentes de carga disponíveis' }).waitFor();
      await save('management-members');
      await page.keyboard.press('Escape');
      // Quotes: every wizard step, the list and the detail.
      await page.goto('/quotes');
      await save('quotes-1-format');
      await page.getByRole('radio', { name: 'PDF' }).check();
      await page.getByRole('button', { name: 'Próximo' }).click();
      await page.getByLabel(/^Arquivo PDF da cotação/).setInputFiles({
        name: 'notas.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('x'),
      });
      await page.getByRole('switch', { name: 'Carga perigosa' }).click();
      await save('quotes-2-content-pdf');
      await page.getByRole('button', { name: /Formato/ }).click();
      await page.getByRole('radio', { name: 'Manual' }).check();
      await page.getByRole('button', { name: 'Próximo' }).click();
      await page.getByRole('button', { name: 'Próximo' }).click({ force: true });
      await save('quotes-2-content-manual-errors');
      await page.getByRole('textbox', { name: 'Referência do processo' }).fill('IMP-2026-100');
      await page.getByRole('textbox', { name: 'Origem' }).fill('Xangai, China');
      await page.getByRole('textbox', { name: 'Destino' }).fill('Santos, SP');
      await page.getByRole('combobox', { name: 'Incoterm' }).selectOption('FOB');
      await page.getByRole('textbox', { name: 'Tempo de trânsito desejado' }).fill('até 35 dias');
      await page.getByRole('textbox', { name: 'Mercadoria (Item 1)' }).fill('Peças automotivas');
      await page.getByRole('button', { name: 'Próximo' }).click();
      const groupBoxes = page.getByRole('list', { name: 'Grupos disponíveis' }).getByRole('checkbox');
      await groupBoxes.first().waitFor();
      for (const box of await groupBoxes.all()) if (await box.isEnabled()) await box.check();
      await page
        .getByRole('list', { name: 'Agentes de carga disponíveis' })
        .getByRole('checkbox')
        .first()
        .check();
      await save('quotes-3-recipients');
      await page.getByRole('button', { name: 'Novo agente de carga' }).click();
      await save('quotes-3-new-carrier');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Próximo' }).click();
      await save('quotes-4-review');
      await shot('/sent-quotes');
      if (demoQuoteId) {
        await shot(`/quotes/${demoQuoteId}`);
        await page.getByRole('tab', { name: 'Comparação' }).click();
        await page
          .getByRole('table')
          .or(page.getByRole('list', { name: /Propostas/ }))
          .first()
          .waitFor();
        await save('quote-comparison');
        await page.getByRole('button', { name: 'Gerar Comparativo' }).click();
        await page.getByRole('dialog', { name: 'Gerar Comparativo' }).waitFor();
        await save('quote-comparative-modal');
        await page.keyboard.press('Escape');
        await shot(`/quotes/${demoQuoteId}/approve`);
      }
      await shot('/quotes/00000000-0000-4000-8000-000000000000');

      if (device === 'desktop') {
        await page.evaluate(() => localStorage.setItem('sidebar-collapsed', 'true'));
        await page.goto('/configuracoes');
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(outDir, `${theme}-desktop-collapsed.png`) });
        await page.evaluate(() => localStorage.removeItem('sidebar-collapsed'));
      }
      if (device === 'phone') {
        await page.goto('/suporte');
        await page.getByRole('button', { name: 'Abrir menu' }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(outDir, `${theme}-phone-menu-open.png`) });
      }

      // Onboarding, with an account of its own for each theme and device (joining leaves it waiting).
      await page.evaluate(() => localStorage.clear());
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      newcomers += 1;
      const email = `novo${newcomers}@exemplo.com.br`;
      await newAccount('Nina Nova', email);
      await signIn(email);
      await page.waitForURL('**/onboarding/company');
      await save('onboarding-choice');
      await page.getByRole('button', { name: /Criar nova empresa/ }).click();
      await page.getByLabel('CNPJ').fill('19131243000');
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.getByRole('alert').waitFor();
      await save('onboarding-create-invalid');
      // A valid number the public service does not know: the user may type the company's data.
      await page.getByLabel('CNPJ').fill('11444777000161');
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.getByRole('button', { name: 'Informar os dados manualmente' }).click();
      await save('onboarding-create-manual');
      await page.getByRole('button', { name: 'Editar CNPJ' }).click();
      // The alphanumeric CNPJ the fake knows; it is never created here, so it is always "found".
      await page.getByLabel('CNPJ').fill('12ABC34501DE35');
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.getByRole('button', { name: 'Criar Empresa' }).waitFor();
      await save('onboarding-create-found');
      await page.getByRole('button', { name: 'Voltar às opções' }).click();
      await page.getByRole('button', { name: /Entrar em uma empresa/ }).click();
      await page.getByLabel('CNPJ').fill(DEMO_CNPJ);
      await page.getByRole('button', { name: 'Verificar' }).click();
      await page.getByRole('button', { name: 'Entrar na Empresa' }).waitFor();
      await save('onboarding-join-found');
      await page.getByRole('button', { name: 'Entrar na Empresa' }).click();
      await page.getByRole('heading', { name: 'Aguardando aprovação' }).waitFor();
      await save('onboarding-pending');
      // The desktop runs create a company each (light and dark), with the two numeric CNPJs the fake knows.
      if (device === 'desktop') {
        await page.getByRole('button', { name: 'Escolher outra empresa' }).click();
        await page.getByRole('button', { name: /Criar nova empresa/ }).click();
        await page.getByLabel('CNPJ').fill(theme === 'light' ? '19131243000197' : '33683111000280');
        await page.getByRole('button', { name: 'Buscar' }).click();
        await page.getByRole('button', { name: 'Criar Empresa' }).click();
        await page.getByRole('heading', { name: 'Empresa criada!' }).waitFor();
        await save('onboarding-success');
      }
      await context.close();
    }
  }
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser.close();
  await server.stop();
  await cnpjServer.close();
  await ptaxServer.close();
}
