import { ui } from '@cotacoes/shared/messages/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { MonthRange } from '../lib/period';
import { PeriodSlider } from './period-slider';

const t = ui.indicators;

function Harness({ initial, onChange }: { initial: MonthRange; onChange?: (range: MonthRange) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PeriodSlider
      value={value}
      maxYear={2026}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const start = () => screen.getByRole('slider', { name: t.periodStart });
const end = () => screen.getByRole('slider', { name: t.periodEnd });
const summary = () => screen.getByTestId('period-summary');

describe('period slider', () => {
  it('spans Jan to Dez with two labelled handles and shows both dates and the days', () => {
    render(<Harness initial={{ year: 2026, start: 0, end: 11 }} />);
    expect(screen.getByRole('group', { name: t.period })).toBeInTheDocument();
    expect(start()).toHaveAttribute('aria-valuetext', 'janeiro de 2026');
    expect(end()).toHaveAttribute('aria-valuetext', 'dezembro de 2026');
    expect(summary()).toHaveTextContent('01/01/2026 a 31/12/2026 · 365 dias');
    for (const month of ['Jan', 'Fev', 'Jun', 'Dez']) expect(screen.getByText(month)).toBeInTheDocument();
  });

  it('moves each handle by month; start may not pass end and end may not precede start', () => {
    render(<Harness initial={{ year: 2026, start: 0, end: 11 }} />);
    fireEvent.change(end(), { target: { value: '2' } });
    expect(summary()).toHaveTextContent('01/01/2026 a 31/03/2026 · 90 dias');
    fireEvent.change(start(), { target: { value: '7' } });
    expect(start()).toHaveValue('2');
    expect(summary()).toHaveTextContent('01/03/2026 a 31/03/2026 · 31 dias');
    fireEvent.change(end(), { target: { value: '0' } });
    expect(end()).toHaveValue('2');
    fireEvent.change(start(), { target: { value: '1' } });
    expect(summary()).toHaveTextContent('01/02/2026 a 31/03/2026 · 59 dias');
  });

  it('changes the year, never past the current one', async () => {
    const user = userEvent.setup();
    const changes: MonthRange[] = [];
    render(<Harness initial={{ year: 2026, start: 1, end: 1 }} onChange={(range) => changes.push(range)} />);
    expect(screen.getByRole('button', { name: t.nextYear })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: t.previousYear }));
    expect(changes.at(-1)).toEqual({ year: 2025, start: 1, end: 1 });
    expect(summary()).toHaveTextContent('01/02/2025 a 28/02/2025 · 28 dias');
  });
});
