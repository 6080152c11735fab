import { describe, expect, it } from 'vitest';
import { toLocalInput } from '@/lib/local-datetime';
import { makeQuoteDetail } from '@/testing/fake-quotes-api';
import { editQuoteChanges, editValuesOf, pendingCarriers } from './edit-quote-form';

describe('editQuoteChanges: the deadline notice', () => {
  const now = new Date('2026-12-07T12:00:00.000Z');
  const quote = makeQuoteDetail({ prazoResposta: '2026-12-14T17:00:00.000Z' });

  it('an earlier deadline is saved without the notice, even with the box left checked (QA pass 40c)', () => {
    expect(pendingCarriers(quote)).toBeGreaterThan(0);
    const values = {
      ...editValuesOf(quote),
      prazo: toLocalInput(new Date('2026-12-10T15:00:00.000Z')),
      avisar: true,
    };
    const result = editQuoteChanges(quote, values, now);
    expect(result).toEqual({ ok: true, body: { prazoResposta: '2026-12-10T15:00:00.000Z' } });
  });

  it('a later one carries it when checked', () => {
    const values = {
      ...editValuesOf(quote),
      prazo: toLocalInput(new Date('2026-12-18T15:00:00.000Z')),
      avisar: true,
    };
    expect(editQuoteChanges(quote, values, now)).toEqual({
      ok: true,
      body: { prazoResposta: '2026-12-18T15:00:00.000Z', avisarTransportadores: true },
    });
  });
});
