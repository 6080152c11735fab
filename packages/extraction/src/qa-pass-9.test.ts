import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';

/*
 * QA pass 9: days added to the transit ("4-6 dias a mais em caso de transbordo") were read as the transit
 * time, so a 30-33-day offer showed "6 dias" and won "Menor prazo".
 */

const transit = (text: string) => {
  const { final } = extractFromText(text);
  return [final.transit_time_min_dias, final.transit_time_dias];
};

describe('days added to a transit time are not the transit time (QA pass 9)', () => {
  it('"4-6 dias a mais em caso de transbordo" beside "Transit time: 30-33 days": 30–33', () => {
    expect(
      transit(
        'Prezados,\n\nTrânsito porto a porto 4-6 dias a mais em caso de transbordo.\n\nTransit time: 30-33 days\nFrete 40HC: USD 2.450,00\n',
      ),
    ).toEqual([30, 33]);
  });

  it('alone, it gives no transit time (the attachment or the analyst gives it)', () => {
    expect(
      transit('Trânsito porto a porto 4-6 dias a mais em caso de transbordo.\nFrete 40HC: USD 2.450,00\n'),
    ).toEqual([null, null]);
  });

  it('"30 days (+3 days if via Busan)" is 30 days', () => {
    expect(transit('Transit time: 30 days (+3 days if via Busan)\nFrete 40HC: USD 2.450,00\n')).toEqual([
      30, 30,
    ]);
  });

  it('a plain range is still read whole', () => {
    expect(transit('Transit time: 32-35 dias\nFrete 40HC: USD 2.450,00\n')).toEqual([32, 35]);
  });
});
