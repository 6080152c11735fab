import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MultiSelect } from './multi-select';

const options = ['Marítimo Ásia', 'Aéreo EUA', 'Rodoviário Mercosul', 'Courier', 'Projeto especial'].map(
  (label, i) => ({
    value: `g${i}`,
    label,
  }),
);

function Harness({ initial = [] as string[], list = options }) {
  const [value, setValue] = useState(initial);
  return <MultiSelect label="Grupos" options={list} value={value} onChange={setValue} />;
}

describe('MultiSelect', () => {
  it("shows at most 3 chips then '+N mais', and 'N opções selecionadas'", () => {
    render(<Harness initial={['g0', 'g1', 'g2', 'g3', 'g4']} />);
    expect(screen.getByText('5 opções selecionadas')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remover/ })).toHaveLength(3);
    expect(screen.getByText('+2 mais')).toBeInTheDocument();
  });

  it('shows the single label with one choice', () => {
    render(<Harness initial={['g1']} />);
    expect(screen.getByRole('button', { name: /Grupos Aéreo EUA/ })).toBeInTheDocument();
  });

  it('toggles with the keyboard and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: /Grupos/ });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox');
    expect(listbox).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('option', { name: 'Aéreo EUA' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it("says 'Nenhuma opção disponível' with no options", async () => {
    const user = userEvent.setup();
    render(<Harness list={[]} />);
    await user.click(screen.getByRole('button', { name: /Grupos/ }));
    expect(screen.getByText('Nenhuma opção disponível')).toBeInTheDocument();
  });
});
