import { makeRows, respIds } from '../testing/fake-decisions-api';
import { isApprovableRow } from './approvable-row';
import { approvalCautions, checkApproval } from './approve-page-rules';

describe('the approval destination rule (spec 001 §5)', () => {
  const rows = makeRows();

  it('asks for a response first', () => {
    expect(checkApproval(rows, null, null)).toEqual({ ok: false, reason: 'response' });
    expect(checkApproval(rows, 'resp-of-another-quote', null)).toEqual({ ok: false, reason: 'response' });
  });

  it('needs a destination when the proposal has several, and one of its own', () => {
    expect(checkApproval(rows, respIds.bor, null)).toEqual({ ok: false, reason: 'destination' });
    expect(checkApproval(rows, respIds.bor, 'Paranaguá')).toEqual({ ok: false, reason: 'destination' });
    expect(checkApproval(rows, respIds.bor, 'Itajaí')).toEqual({
      ok: true,
      responseId: respIds.bor,
      destino: 'Itajaí',
    });
  });

  it('sends no destination for a proposal without one', () => {
    expect(checkApproval(rows, respIds.atl, null)).toEqual({
      ok: true,
      responseId: respIds.atl,
      destino: undefined,
    });
  });

  it('approves only answers not decided yet', () => {
    expect(isApprovableRow({ status: 'respondido' })).toBe(true);
    expect(isApprovableRow({ status: 'revisao_solicitada' })).toBe(true);
    expect(isApprovableRow({ status: 'reprovado' })).toBe(false);
    expect(isApprovableRow({ status: 'aprovado' })).toBe(false);
  });
});

describe('approval cautions', () => {
  it('a proposal without the price of a container asked says its total leaves that container out', () => {
    const rows = makeRows();
    const chosen = rows.find((row) => row.respostaId === respIds.atl)!;
    chosen.faltando = ['frete20', 'validade'];
    expect(approvalCautions(rows, chosen)).toContain(
      "Esta proposta não traz o preço do contêiner de 20': o total dela não inclui esses contêineres, e o e-mail ao agente de carga também não.",
    );
    chosen.faltando = ['validade'];
    expect(approvalCautions(rows, chosen).join(' ')).not.toMatch(/contêiner de 20/);
  });

  it('a proposal with a charge in a currency the totals do not sum says its total leaves it out', () => {
    const rows = makeRows();
    const chosen = rows.find((row) => row.respostaId === respIds.atl)!;
    chosen.taxasNaoSomadas = ['THC em CNY'];
    expect(approvalCautions(rows, chosen)).toContain(
      'O total desta proposta não inclui THC em CNY (os totais somam só USD, BRL e EUR): confira o valor dessas taxas antes de aprovar.',
    );
  });

  it('an expired proposal says its validity ended (QA pass 37: approved without a word)', () => {
    const rows = makeRows();
    const chosen = rows.find((row) => row.respostaId === respIds.atl)!;
    chosen.validade = { ...chosen.validade, valor: '2026-11-30', expirada: true };
    expect(approvalCautions(rows, chosen)).toContain(
      'A validade desta proposta terminou em 30/11/2026: confirme com o agente de carga se o preço ainda vale antes de aprovar.',
    );
    chosen.validade = { ...chosen.validade, expirada: false };
    expect(approvalCautions(rows, chosen).join(' ')).not.toMatch(/validade desta proposta terminou/);
  });

  it('a later version held for its sender is said, whichever proposal is chosen (QA pass 7)', () => {
    const rows = makeRows();
    const chosen = rows.find((row) => row.respostaId === respIds.atl)!;
    expect(approvalCautions(rows, chosen).join(' ')).not.toMatch(/aguarda confirmação/);
    for (const row of rows) if (row.respostaId === respIds.bor) row.versaoAguardandoConfirmacao = 2;
    const cautions = approvalCautions(rows, chosen).filter((text) => text.includes('aguarda confirmação'));
    // Boreal has two rows (two ports): said once.
    expect(cautions).toEqual([
      'A versão 2 de Boreal Cargas chegou de um remetente não verificado e aguarda confirmação em “Respostas dos transportadores”: a comparação ainda mostra a versão 1.',
    ]);
  });
});
