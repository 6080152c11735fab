import { describe, expect, it } from 'vitest';
import { reminderSlotTimes } from './reminders.js';

const sent = new Date('2026-12-01T12:00:00Z');
const hours = (n: number) => new Date(sent.getTime() + n * 3_600_000);

describe('reminderSlotTimes', () => {
  it.each([
    // [after, before, deadline in hours after sending, expected [slot, hours after sending]]
    [
      48,
      24,
      120,
      [
        ['after_send', 48],
        ['before_deadline', 96],
      ],
    ],
    [
      48,
      24,
      60,
      [
        ['before_deadline', 36],
        ['after_send', 48],
      ],
    ],
    [48, 24, 48, [['before_deadline', 24]]],
    [48, 24, 24.5, []],
    [48, 24, 25, [['before_deadline', 1]]],
    [null, 24, 120, [['before_deadline', 96]]],
    [48, null, 120, [['after_send', 48]]],
    [null, null, 120, []],
    [
      1,
      720,
      800,
      [
        ['after_send', 1],
        ['before_deadline', 80],
      ],
    ],
  ] as const)('after %s h, before %s h, deadline +%s h', (after, before, deadline, expected) => {
    const slots = reminderSlotTimes(
      { reminderAfterSendHours: after, reminderBeforeDeadlineHours: before },
      sent,
      hours(deadline),
    );
    expect(slots.map((s) => [s.slot, (s.dueAt.getTime() - sent.getTime()) / 3_600_000])).toEqual(expected);
  });
});
