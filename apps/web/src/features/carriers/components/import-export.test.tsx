import { ui } from '@cotacoes/shared/messages/ui';
import type { ImportPreview } from '@cotacoes/shared/schemas/carriers';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { type Handler, problem, type StubResponse, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { fakeApi, ids } from '../testing/fake-api';
import { ManagementPage } from './management-page';

const t = ui.management;

const preview: ImportPreview = {
  arquivo: 'agentes.csv',
  linhas: [
    {
      linha: 2,
      nome: 'Delta Shipping',
      emails: ['comercial@delta.com', 'ops@delta.com'],
      grupos: ['Marítimo Ásia'],
      status: 'novo',
      erros: [],
      existente: null,
      emailsNovos: [],
    },
    {
      linha: 3,
      nome: 'Atlântico Log',
      emails: ['ops@atlantico.com.br', 'novo@atlantico.com.br'],
      grupos: ['Rodoviário Sul'],
      status: 'atualizar',
      erros: [],
      existente: { id: ids.a1, nome: 'Atlântico Logística' },
      emailsNovos: ['novo@atlantico.com.br'],
    },
    {
      linha: 4,
      nome: '',
      emails: [],
      grupos: [],
      status: 'invalido',
      erros: ['O nome do agente de carga é obrigatório.', 'Pelo menos um email deve ser fornecido'],
      existente: null,
      emailsNovos: [],
    },
  ],
  resumo: { total: 3, novos: 1, atualizados: 1, invalidos: 1 },
  gruposNovos: ['Rodoviário Sul'],
};

function setup(routes: Record<string, Handler | StubResponse> = {}) {
  sessionStore.set({ status: 'ready', user: makeUser({ empresaId: 'e-1' }) });
  window.localStorage.setItem('token', 'token-123');
  const api = fakeApi();
  const network = stubNetwork({ ...api.routes, ...routes });
  const view = renderAt(<ManagementPage />, '/management');
  return { ...view, network };
}

const csv = (name = 'agentes.csv', size = 64) => new File(['x'.repeat(size)], name, { type: 'text/csv' });

describe('management: import and export', () => {
  it('uploads the file with progress, shows the preview and sends the valid rows on confirmation', async () => {
    const { user, network } = setup({
      'POST /api/transporters/import/preview': { body: preview },
      'POST /api/transporters/import': {
        body: {
          message:
            'Importação concluída: 1 agente(s) de carga criado(s), 1 atualizado(s), 0 linha(s) ignorada(s).',
          criados: 1,
          atualizados: 1,
          ignorados: 0,
          gruposCriados: 1,
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    const dialog = within(screen.getByRole('dialog', { name: t.import.title }));
    const send = dialog.getByRole('button', { name: t.import.upload });
    expect(send).toBeDisabled();
    await user.upload(dialog.getByLabelText(/Arquivo/), csv());
    await user.click(send);

    expect(await dialog.findByText('Resumo de agentes.csv')).toBeInTheDocument();
    // The upload button left with its step: focus is on the preview, not <body> (QA pass 42b).
    await waitFor(() =>
      expect(dialog.getByText('Resumo de agentes.csv').closest('[tabindex="-1"]')).toHaveFocus(),
    );
    const upload = network.requests.find((r) => r.url === '/api/transporters/import/preview')!;
    expect(upload.headers.Authorization).toBe('Bearer token-123');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((upload.body as FormData).get('file') as File).name).toBe('agentes.csv');

    expect(dialog.getByText('Grupos que serão criados: Rodoviário Sul')).toBeInTheDocument();
    const row = (n: number) => within(dialog.getByTestId(`import-row-${n}`));
    expect(row(2).getByText('Novo')).toBeInTheDocument();
    expect(row(2).getByText('comercial@delta.com; ops@delta.com')).toBeInTheDocument();
    expect(row(3).getByText('Atualizar')).toBeInTheDocument();
    // The file names it otherwise: the preview says the import renames it (QA pass 40a).
    expect(
      row(3).getByText('Atualiza Atlântico Logística: o nome passa a ser “Atlântico Log”'),
    ).toBeInTheDocument();
    expect(row(3).getByText('E-mails novos: novo@atlantico.com.br')).toBeInTheDocument();
    expect(row(4).getByText('Inválido')).toBeInTheDocument();
    expect(row(4).getByText('Pelo menos um email deve ser fornecido')).toBeInTheDocument();

    await user.selectOptions(dialog.getByRole('combobox', { name: t.import.filterLabel }), 'invalido');
    expect(dialog.queryByTestId('import-row-2')).not.toBeInTheDocument();
    expect(dialog.getByTestId('import-row-4')).toBeInTheDocument();

    const listCallsBefore = network.requests.filter((r) => r.url.startsWith('/api/transporters?')).length;
    await user.click(dialog.getByRole('button', { name: t.import.confirm }));
    expect(
      await dialog.findByText(/Importação concluída: 1 agente\(s\) de carga criado\(s\)/),
    ).toBeInTheDocument();
    expect(dialog.getByText('1 grupo(s) criado(s).')).toBeInTheDocument();
    await waitFor(() =>
      expect(dialog.getByText('1 grupo(s) criado(s).').closest('[tabindex="-1"]')).toHaveFocus(),
    );
    expect(network.requests.find((r) => r.url === '/api/transporters/import')?.body).toEqual({
      linhas: [
        {
          linha: 2,
          nome: 'Delta Shipping',
          emails: ['comercial@delta.com', 'ops@delta.com'],
          grupos: ['Marítimo Ásia'],
        },
        {
          linha: 3,
          nome: 'Atlântico Log',
          emails: ['ops@atlantico.com.br', 'novo@atlantico.com.br'],
          grupos: ['Rodoviário Sul'],
        },
      ],
      // The invalid row left out is counted among the ignored (QA pass 40a read "0 linha(s) ignorada(s)").
      ignoradas: 1,
    });
    // The lists reload.
    await waitFor(() =>
      expect(network.requests.filter((r) => r.url.startsWith('/api/transporters?')).length).toBeGreaterThan(
        listCallsBefore,
      ),
    );
    await user.click(dialog.getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    expect(screen.queryByRole('dialog', { name: t.import.title })).not.toBeInTheDocument();
  });

  it('shows the upload progress while the server reads the file', async () => {
    let release: (() => void) | undefined;
    const { user } = setup({
      'POST /api/transporters/import/preview': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: preview });
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    const dialog = within(screen.getByRole('dialog', { name: t.import.title }));
    await user.upload(dialog.getByLabelText(/Arquivo/), csv());
    await user.click(dialog.getByRole('button', { name: t.import.upload }));
    const bar = await dialog.findByRole('progressbar', { name: t.import.progressLabel });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(dialog.getByText('Enviando arquivo... 50%')).toBeInTheDocument();
    release?.();
    expect(await dialog.findByText('Resumo de agentes.csv')).toBeInTheDocument();
  });

  it('disables the confirmation when no row is valid; shows server and client-side file errors', async () => {
    let answer: StubResponse = problem(
      415,
      'IMPORT_FILE_TYPE',
      'Tipo de arquivo inválido. Envie um arquivo CSV ou XLSX.',
    );
    const { user, network } = setup({ 'POST /api/transporters/import/preview': () => answer });
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    const dialog = within(screen.getByRole('dialog', { name: t.import.title }));

    await user.upload(dialog.getByLabelText(/Arquivo/), csv('grande.csv', 5 * 1024 * 1024 + 1));
    await user.click(dialog.getByRole('button', { name: t.import.upload }));
    expect(dialog.getByRole('alert')).toHaveTextContent('O arquivo excede o tamanho máximo de 5 MB.');
    expect(network.requests.some((r) => r.url.includes('/import'))).toBe(false);

    await user.upload(dialog.getByLabelText(/Arquivo/), csv('falso.csv'));
    await user.click(dialog.getByRole('button', { name: t.import.upload }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Tipo de arquivo inválido. Envie um arquivo CSV ou XLSX.',
    );

    answer = {
      body: {
        ...preview,
        linhas: [preview.linhas[2]!],
        resumo: { total: 1, novos: 0, atualizados: 0, invalidos: 1 },
        gruposNovos: [],
      },
    };
    await user.click(dialog.getByRole('button', { name: t.import.upload }));
    expect(await dialog.findByText('Resumo de agentes.csv')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: t.import.confirm })).toBeDisabled();
  });

  it('exports XLSX or CSV with the current filters and the session bearer', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicks: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.href, download: this.download });
    });
    const { user, network } = setup({
      'GET /api/transporters/export': {
        body: 'Nome;Emails;Grupos;Status\r\n',
        contentType: 'text/csv; charset=utf-8',
      },
    });
    await screen.findByRole('list', { name: t.carriers.listLabel });
    await user.type(screen.getByRole('searchbox', { name: t.carriers.searchLabel }), 'boreal');
    await waitFor(() => expect(network.requests.some((r) => r.url.includes('search=boreal'))).toBe(true));

    const trigger = screen.getByRole('button', { name: /Exportar/ });
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'CSV (.csv)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const call = network.requests.find((r) => r.url.startsWith('/api/transporters/export'))!;
    expect(call.url).toBe('/api/transporters/export?format=csv&search=boreal');
    expect(call.headers.Authorization).toBe('Bearer token-123');
    expect(clicks[0]).toEqual({ href: 'blob:export', download: 'agentes-de-carga.csv' });
    click.mockRestore();
  });

  it("shows the export failure as a toast ('Erro ao exportar agentes de carga')", async () => {
    const { user } = setup({ 'GET /api/transporters/export': { status: 500, body: '' } });
    await user.click(screen.getByRole('button', { name: /Exportar/ }));
    await user.click(screen.getByRole('button', { name: 'Excel (.xlsx)' }));
    expect(await screen.findByText('Erro ao exportar agentes de carga')).toBeInTheDocument();
  });
});
