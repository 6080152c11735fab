import { ui } from '@cotacoes/shared/messages/ui';
import { screen, within } from '@testing-library/react';
import { confidenceLevel } from '@/components/ui/confidence-badge';
import { sessionStore } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { ExtractPage } from './extract-page';

const source = { line: 4, text: 'Frete 40HC: USD 2.350,00', origin: 'body' };
const result = {
  final: {
    transportador: 'Agente Exemplo',
    armador: 'MSC',
    modal: 'FCL',
    moeda: 'USD',
    incoterm: 'FOB',
    origem: null,
    portoOrigem: 'Shanghai',
    portoTransbordo: null,
    destinos: [{ nome: 'Santos' }],
    transit_time_dias: 35,
    transit_time_min_dias: 30,
    transit_time_max_dias: 35,
    free_time_destino_dias: 14,
    validadeProposta: '2026-12-30',
    preco_por_container_20: null,
    preco_por_container_40: 2350,
    preco_por_kg: null,
    preco_por_m3: null,
    preco_minimo: null,
    condicoesPagamento: null,
    fretes: [
      {
        destino: 'Santos',
        unidade: '40HC',
        valor: 2350,
        moeda: 'USD',
        minimo: null,
        confidence: 0.9,
        source,
      },
    ],
    taxas: {
      itens: [
        {
          nome: 'THC',
          rotulo: 'Capatazia',
          destino: null,
          unidade: 'CNTR',
          valor: 1450,
          moeda: 'BRL',
          confidence: 0.6,
          source: { ...source, line: 5 },
        },
      ],
    },
    confidence_overall: 0.86,
    reason: null,
  },
  detect: { language: 'pt', modal: 'FCL' },
  blocks: [{ kind: 'freight', startLine: 1, endLine: 6 }],
};

function setup() {
  sessionStore.set({ status: 'ready', user: makeUser() });
  return renderAt(<ExtractPage />, '/dev/extract');
}

describe('extraction test tool', () => {
  it('sends the pasted text and shows the summary, freight, fees with their lines, and the raw output', async () => {
    const network = stubNetwork({ 'POST /api/quotes/extract': { body: { data: result } } });
    const { user } = setup();
    const run = screen.getByRole('button', { name: ui.extract.run });
    expect(run).toBeDisabled();
    await user.type(screen.getByLabelText(ui.extract.textLabel), 'Frete 40HC: USD 2.350,00');
    await user.click(run);

    const summary = await screen.findByRole('region', { name: ui.extract.summaryTitle });
    expect(network.requests[0]!.body).toEqual({ text: 'Frete 40HC: USD 2.350,00' });
    expect(within(summary).getByText('86%')).toBeInTheDocument();
    expect(within(summary).getByText('30 a 35 dias')).toBeInTheDocument();
    expect(within(summary).getByText('30/12/2026')).toBeInTheDocument();
    expect(within(summary).getAllByText(/US\$\s?2\.350,00/).length).toBeGreaterThan(0);
    expect(within(summary).getByText(/R\$\s?1\.450,00/)).toBeInTheDocument();
    expect(within(summary).getByText('linha 5')).toBeInTheDocument();
    expect(within(summary).getByText(ui.extract.rawDetect)).toBeInTheDocument();
    expect(summary.textContent).toContain('"language": "pt"');
  });

  it('shows the server message, or the spec fallback, when extraction fails', async () => {
    stubNetwork({ 'POST /api/quotes/extract': problem(500, 'INTERNAL') });
    const { user } = setup();
    await user.type(screen.getByLabelText(ui.extract.textLabel), 'texto');
    await user.click(screen.getByRole('button', { name: ui.extract.run }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao executar extração');
  });

  it('grades confidence as the spec says', () => {
    expect([undefined, 0.95, 0.8, 0.5, 0.49].map(confidenceLevel)).toEqual([
      'na',
      'high',
      'high',
      'medium',
      'low',
    ]);
  });
});

describe('confidence badge', () => {
  it('colours each level without a competing background', async () => {
    const { ConfidenceBadge } = await import('@/components/ui/confidence-badge');
    const { render } = await import('@testing-library/react');
    const { container } = render(
      <>
        <ConfidenceBadge value={0.9} />
        <ConfidenceBadge value={0.6} />
        <ConfidenceBadge value={0.2} />
        <ConfidenceBadge value={undefined} />
      </>,
    );
    const badges = [...container.querySelectorAll('span[data-level]')];
    expect(badges.map((badge) => badge.getAttribute('data-level'))).toEqual(['high', 'medium', 'low', 'na']);
    expect(badges.map((badge) => badge.textContent)).toEqual(['90%', '60%', '20%', 'N/A']);
    for (const badge of badges)
      expect(badge.className.split(' ').filter((name) => name.startsWith('bg-'))).toHaveLength(1);
  });
});
