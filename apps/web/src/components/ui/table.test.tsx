import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, TableBody, TableCell, TableRow } from './table';

/** jsdom has no layout: the scroller's widths and position are set by hand, as a phone would have them. */
function sized(box: HTMLElement, { scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: clientWidth });
}
const cues = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-scroll-cue]')].map((cue) => cue.getAttribute('data-scroll-cue'));

describe('Table', () => {
  it('shades the side a wider-than-the-screen table continues on, and none when it fits', () => {
    const { container } = render(
      <Table caption="Propostas" scrollLabel="Propostas">
        <TableBody>
          <TableRow>
            <TableCell>Atlântico</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const box = container.querySelector<HTMLElement>('[role="region"]')!;
    expect(cues(container)).toEqual([]);

    sized(box, { scrollWidth: 900, clientWidth: 390 });
    box.scrollLeft = 0;
    fireEvent.scroll(box);
    expect(cues(container)).toEqual(['end']);

    box.scrollLeft = 200;
    fireEvent.scroll(box);
    expect(cues(container)).toEqual(['start', 'end']);

    box.scrollLeft = 510;
    fireEvent.scroll(box);
    expect(cues(container)).toEqual(['start']);

    sized(box, { scrollWidth: 390, clientWidth: 390 });
    box.scrollLeft = 0;
    fireEvent.scroll(box);
    expect(cues(container)).toEqual([]);
  });
});
