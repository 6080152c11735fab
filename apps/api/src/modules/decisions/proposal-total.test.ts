import { describe, expect, it } from 'vitest';
import { approvalMail, formatPercent, notSelectedMail, revisionMail } from './decision-mail.js';
import { percentAbove, proposalCost, totalInBrl } from './proposal-total.js';

const fee = (nome: string, valor: number, moeda: string, destino: string | null = null) => ({
  nome,
  rotulo: nome,
  destino,
  valor,
  moeda,
});
const freight = (unidade: string, valor: number, moeda: string, destino: string | null = null) => ({
  unidade,
  valor,
  moeda,
  destino,
});

describe('proposal cost (the price feedback of a carrier not chosen)', () => {
  it('freight of one container type (40HC first) plus fees after the §5 rules, in cents by currency', () => {
    const cost = proposalCost(
      {
        fretes: [freight('20DC', 1850, 'USD'), freight('40HC', 2950.1, 'USD')],
        taxas: {
          itens: [
            fee('THC', 1450, 'R$'),
            fee('BL FEE', 75, '$'),
            fee('BL FEE', 60, 'USD'),
            fee('TOTAL', 9999, 'USD'),
            fee('IOF', 1200, 'BRL'),
            fee('IOF CAMBIO', 38.5, 'BRL'),
            fee('EXW', 10, 'EUR'),
          ],
        },
      },
      null,
    );
    expect(cost).toEqual({ USD: 295_010 + 7_500, BRL: 145_000 + 3_850 });
    expect(totalInBrl(cost, 5.2)).toBe(148_850 + Math.round(302_510 * 5.2));
  });

  it("takes the chosen destination's lines, and skips '—' lines when there are several destinations", () => {
    const final = {
      porto_destino: [{ nome: 'Santos' }, { nome: 'Itapoá' }],
      fretes: [freight('40HC', 3400, 'USD', 'Santos'), freight('40HC', 3500, 'USD', 'Itapoá')],
      taxas: {
        itens: [fee('THC', 1600, 'BRL', 'Itapoá'), fee('ISPS', 50, 'USD', '—'), fee('BL', 80, 'USD')],
      },
    };
    expect(proposalCost(final, 'itapoá')).toEqual({ USD: 358_000, BRL: 160_000 });
    expect(proposalCost(final, 'Santos')).toEqual({ USD: 348_000, BRL: 0 });
    expect(proposalCost(null, 'Santos')).toEqual({ USD: 0, BRL: 0 });
  });

  it('percent above the chosen total, one decimal; nothing when not above or unknown', () => {
    expect(percentAbove(11_360, 10_000)).toBe(13.6);
    expect(percentAbove(10_000, 10_000)).toBeNull();
    expect(percentAbove(9_000, 10_000)).toBeNull();
    expect(percentAbove(5_000, 0)).toBeNull();
    expect(formatPercent('pt', 13.6)).toBe('13,6%');
    expect(formatPercent('en', 13.6)).toBe('13.6%');
    expect(formatPercent('pt', 20)).toBe('20%');
  });
});

describe('decision e-mails', () => {
  const quote = {
    codigo: 'COT-2026-0042',
    referencia: 'IMP-015',
    tituloEmail: 'Cotação COT-2026-0042 - IMP-015',
  };
  const sender = { nome: 'Ana Souza', empresa: 'Importadora Sul' };

  it("a revision answers in the request's thread, in the quote's language, with the analyst's words escaped in HTML", () => {
    const pt = revisionMail('pt', quote, 'Sem free time <b>?</b>', sender);
    expect(pt.subject).toBe('Re: Cotação COT-2026-0042 - IMP-015');
    expect(pt.text).toContain('Sem free time <b>?</b>');
    expect(pt.html).toContain('Sem free time &lt;b&gt;?&lt;/b&gt;');
    expect(pt.text).toMatch(/^Prezados,/);
    expect(pt.text).toContain('Ana Souza\nImportadora Sul');
    const en = revisionMail('en', quote, '', sender);
    expect(en.text).toMatch(/^Dear partner,/);
    expect(en.text).toContain('review the rates and conditions');
  });

  it('the approval subject is the analyst’s when given; a not-selected notice names no other carrier', () => {
    expect(approvalMail('pt', quote, null, undefined, sender).subject).toBe('Cotação COT-2026-0042 aprovada');
    expect(approvalMail('en', quote, 'Santos', 'Booking', sender)).toMatchObject({
      subject: 'Booking',
      text: expect.stringContaining('Approved destination: Santos.'),
    });
    const notice = notSelectedMail('pt', quote, 13.6, sender);
    expect(notice.subject).toBe('Cotação COT-2026-0042: resultado');
    expect(notice.text).toContain('ficou 13,6% acima do custo da proposta escolhida');
    expect(notSelectedMail('pt', quote, null, sender).text).not.toContain('acima');
  });
});
