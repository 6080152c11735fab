import { startWhenShown } from './tour-steps';

/** Runs `startWhenShown` on real timers under fake time; returns when (ms after the call) it started. */
function schedule(selector: string | null) {
  const began = Date.now();
  const started: number[] = [];
  startWhenShown(
    selector,
    () => started.push(Date.now() - began),
    (callback, ms) => setTimeout(callback, ms),
  );
  return started;
}

function addTarget(hidden = false) {
  const element = document.createElement('div');
  element.id = 'target';
  if (hidden) element.hidden = true;
  document.body.append(element);
  return element;
}

describe('startWhenShown (the tour after changing screens)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  // jsdom lays nothing out: every element has a 0×0 box, so it is never "visible". That is the case of
  // an element drawn but not seen (a phone's off-screen side menu); a centered step (null) always is.
  it('starts a centered step after 1 s', () => {
    const started = schedule(null);
    vi.advanceTimersByTime(999);
    expect(started).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(started).toEqual([1_000]);
  });

  it('an element drawn but not visible gets 500 ms more, then the step starts anyway (and is skipped)', () => {
    addTarget(true);
    const started = schedule('#target');
    vi.advanceTimersByTime(1_499);
    expect(started).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(started).toEqual([1_500]);
  });

  it('waits for a screen still loading: starts when the element is drawn, 3 s later', () => {
    const started = schedule('#target');
    vi.advanceTimersByTime(2_900);
    expect(started).toEqual([]);
    addTarget();
    vi.advanceTimersByTime(600);
    expect(started).toEqual([3_000]);
  });

  it('gives up on a screen that never draws the element after about 10 s', () => {
    const started = schedule('#target');
    vi.advanceTimersByTime(10_999);
    expect(started).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(started).toHaveLength(1);
    expect(started[0]).toBeGreaterThanOrEqual(11_000);
    expect(started[0]).toBeLessThanOrEqual(11_500);
    vi.advanceTimersByTime(5_000);
    expect(started).toHaveLength(1);
  });
});
