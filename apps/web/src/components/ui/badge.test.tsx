import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge';

describe('Badge', () => {
  it('stays on one line by default, and wraps when asked (a long completeness badge in a narrow column)', () => {
    render(
      <>
        <Badge>Respondido</Badge>
        <Badge className="whitespace-normal">fora do total: DOC FEE em EUR</Badge>
      </>,
    );
    expect(screen.getByText('Respondido')).toHaveClass('whitespace-nowrap');
    const long = screen.getByText('fora do total: DOC FEE em EUR');
    expect(long).toHaveClass('whitespace-normal');
    expect(long).not.toHaveClass('whitespace-nowrap');
  });
});
