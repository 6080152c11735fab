import { describe, expect, it } from 'vitest';
import { threadPosition } from './outgoing.js';

describe('threadPosition', () => {
  it("answers the carrier's last message and references the request first", () => {
    expect(threadPosition('<req@x>', '<answer@y>')).toEqual({
      inReplyTo: '<answer@y>',
      references: ['<req@x>', '<answer@y>'],
    });
  });

  it('answers the request when the carrier has not written yet', () => {
    expect(threadPosition('<req@x>', null)).toEqual({ inReplyTo: '<req@x>', references: ['<req@x>'] });
  });

  it('never lists the same message twice, and has no parent when nothing was sent', () => {
    expect(threadPosition('<same@x>', '<same@x>').references).toEqual(['<same@x>']);
    expect(threadPosition(null, null)).toEqual({ inReplyTo: null, references: [] });
  });
});
