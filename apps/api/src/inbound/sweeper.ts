import type { FastifyBaseLogger } from 'fastify';
import { failureSummary } from './failure.js';
import type { InboundPipeline } from './pipeline.js';

export type InboundSweeper = { stop(): Promise<void> };

/**
 * The safety net of store first (issue 29), in the processes that run workers: every few seconds, the
 * messages whose next attempt is due are processed — stored but not processed within the grace period
 * (the process died in between, or processing never started), or failed and past their backoff. Rows
 * are taken under a row lock (SKIP LOCKED), so several workers never process one message twice. A first
 * pass runs at start, so what a crash left behind is taken at once.
 */
export function startInboundSweeper(
  pipeline: InboundPipeline,
  log: FastifyBaseLogger,
  everyMs = 5_000,
): InboundSweeper {
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = async () => {
    try {
      // A full batch means more may be due: go on at once.
      while (!stopped && (await pipeline.sweep(20)) === 20);
    } catch (error) {
      log.error({ reason: failureSummary(error) }, 'inbound sweeper: pass failed');
    }
  };
  const tick = () => {
    if (!running && !stopped) running = pass().finally(() => (running = undefined));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
