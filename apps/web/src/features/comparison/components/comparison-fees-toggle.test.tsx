import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRows } from '@/features/decisions/testing/fake-decisions-api';
import { FeesToggle, hasSeveralPorts } from './comparison-row-parts';

describe('the fee lines button', () => {
  it("names the port when the carrier has a row per port, and only the carrier's name otherwise (QA pass 41c)", () => {
    const rows = makeRows();
    const boreal = rows.filter((row) => row.transportador.nome === 'Boreal Cargas');
    expect(boreal.map((row) => row.destino)).toEqual(['Santos', 'Itajaí']);
    // Which rows the table and the cards label with their port.
    expect(hasSeveralPorts(rows, boreal[0]!)).toBe(true);
    expect(hasSeveralPorts(rows, rows.find((row) => row.transportador.nome === 'Atlântico Logística')!)).toBe(
      false,
    );
    const toggle = (row: (typeof boreal)[number], withPort: boolean) => (
      <FeesToggle
        key={`${row.id}-${withPort}`}
        row={row}
        open={false}
        controls="fees"
        onToggle={() => {}}
        className=""
        iconSize={14}
        withPort={withPort}
      />
    );
    render(<div>{[toggle(boreal[0]!, true), toggle(boreal[1]!, true), toggle(boreal[0]!, false)]}</div>);
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Ver linhas (0) das taxas de Boreal Cargas (Santos)',
      'Ver linhas (0) das taxas de Boreal Cargas (Itajaí)',
      'Ver linhas (0) das taxas de Boreal Cargas',
    ]);
  });
});
