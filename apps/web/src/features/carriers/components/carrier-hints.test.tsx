import { ui } from '@cotacoes/shared/messages/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { type Handler, problem, type StubResponse, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { fakeApi, ids, makeHints } from '../testing/fake-api';
import { ManagementPage } from './management-page';

const t = ui.hints.carrier;

async function openEdit(nome: string, routes: Record<string, Handler | StubResponse> = {}) {
  sessionStore.set({ status: 'ready', user: makeUser({ empresaId: 'e-1' }) });
  const api = fakeApi({ hints: { [ids.a1]: makeHints() } });
  const network = stubNetwork({ ...api.routes, ...routes });
  const view = renderAt(<ManagementPage />, '/management');
  await waitFor(() =>
    expect(
      within(screen.getByRole('list', { name: ui.management.carriers.listLabel })).getAllByRole('listitem'),
    ).toHaveLength(3),
  );
  await view.user.click(screen.getByRole('button', { name: `Editar ${nome}` }));
  const dialog = within(screen.getByRole('dialog', { name: ui.management.carriers.editTitle }));
  return { ...view, network, db: api.db, dialog };
}

describe("a carrier's 'Aprendizados de correções'", () => {
  it('lists each hint in plain words, who taught it, where, and how often it was used', async () => {
    const { dialog } = await openEdit('Atlântico Logística');
    const list = await dialog.findByRole('list', {
      name: 'Aprendizados de correções de Atlântico Logística',
    });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('"O/F" é o preço por contêiner 40HC');
    expect(items[0]).toHaveTextContent(
      'Aprendido de uma correção de Ana Analista em 03/11/2026, 10:00 na cotação COT-2026-0042',
    );
    expect(items[0]).toHaveTextContent('Usado em 2 resposta(s), a última em 19/11/2026, 15:40');
    expect(items[1]).toHaveTextContent('"Valor estimado do seguro" não é uma cobrança e é deixada de fora');
    expect(items[1]).toHaveTextContent('Aprendido de uma correção em 03/11/2026, 10:05');
    expect(items[1]).toHaveTextContent('Ainda não usado em nenhuma resposta');
    expect(dialog.getByRole('heading', { name: t.title })).toBeInTheDocument();
  });

  it('says when there is nothing learnt yet', async () => {
    const { dialog } = await openEdit('Boreal Cargas');
    expect(await dialog.findByText(t.empty)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: /Remover o aprendizado/ })).not.toBeInTheDocument();
  });

  it('removes a hint from the keyboard after the confirmation, with a toast; focus stays in the section', async () => {
    const { user, dialog, network, db } = await openEdit('Atlântico Logística');
    const remove = await dialog.findByRole('button', {
      name: 'Remover o aprendizado: "O/F" é o preço por contêiner 40HC',
    });
    remove.focus();
    await user.keyboard('{Enter}');
    const confirm = within(screen.getByRole('dialog', { name: t.confirmTitle }));
    expect(
      confirm.getByText(
        'As próximas respostas de Atlântico Logística deixarão de usar este aprendizado: "O/F" é o preço por contêiner 40HC. Respostas já lidas não mudam.',
      ),
    ).toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: t.confirm }));
    expect(await screen.findByText('Aprendizado removido.')).toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      `/api/transporters/${ids.a1}/hints/30000000-0000-4000-8000-000000000001`,
    ]);
    await waitFor(() =>
      expect(dialog.queryByText('"O/F" é o preço por contêiner 40HC')).not.toBeInTheDocument(),
    );
    expect(db.hints[ids.a1]).toHaveLength(1);
    expect(dialog.getByRole('heading', { name: t.title })).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: t.confirmTitle })).not.toBeInTheDocument();
  });

  it('cancelling sends nothing; a failed removal is said inside the confirmation', async () => {
    const { user, dialog, network } = await openEdit('Atlântico Logística', {
      [`DELETE /api/transporters/${ids.a1}/hints/30000000-0000-4000-8000-000000000002`]: problem(
        404,
        'HINT_NOT_FOUND',
        'Aprendizado não encontrado.',
      ),
    });
    const remove = await dialog.findByRole('button', { name: /Remover o aprendizado: "Valor estimado/ });
    await user.click(remove);
    await user.click(
      within(screen.getByRole('dialog', { name: t.confirmTitle })).getByRole('button', { name: t.cancel }),
    );
    expect(network.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(remove);
    const confirm = within(screen.getByRole('dialog', { name: t.confirmTitle }));
    await user.click(confirm.getByRole('button', { name: t.confirm }));
    expect(await confirm.findByRole('alert')).toHaveTextContent('Aprendizado não encontrado.');
    expect(
      dialog.getByText('"Valor estimado do seguro" não é uma cobrança e é deixada de fora'),
    ).toBeInTheDocument();
  });

  it("a load failure shows the server's message and a retry", async () => {
    let fail = true;
    const { user, dialog } = await openEdit('Atlântico Logística', {
      [`GET /api/transporters/${ids.a1}/hints`]: () =>
        fail
          ? problem(404, 'TRANSPORTADOR_NOT_FOUND', 'Agente de carga não encontrado.')
          : { body: makeHints() },
    });
    expect(await dialog.findByRole('alert')).toHaveTextContent('Agente de carga não encontrado.');
    fail = false;
    await user.click(dialog.getByRole('button', { name: t.retry }));
    expect(await dialog.findByText('"O/F" é o preço por contêiner 40HC')).toBeInTheDocument();
  });
});
