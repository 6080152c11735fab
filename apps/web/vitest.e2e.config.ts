import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const enabled = existsSync(chromium);
if (!enabled) {
  console.warn(
    `\n[e2e] SKIPPED: Chromium not found at ${chromium}. Install it with 'apt-get install -y chromium' ` +
      'or set CHROMIUM_PATH to run the browser tests.\n',
  );
}

/**
 * CI's second pass (PostgreSQL) sets DATA_PATHS_ONLY. The API suite runs there whole (every route,
 * repository and job on PostgreSQL); of the browser flows, it repeats those where the browser itself
 * writes the company's data through the core loop: send a quote, receive and correct replies, decide,
 * send the comparative, the conversation, the carrier portal, the local mailbox, a company's users. The
 * other flows (sign-in and session, preferences, first impressions, warnings, dashboard, indicators,
 * management, learning, extraction playground, mail integration) and the look-only checks (axe sweep,
 * themes, bundle budget) read through routes the API suite already runs on PostgreSQL, and run once,
 * on the embedded database (they were 8 of CI's 50 minutes when run twice).
 */
const DATA_PATH_FLOWS = [
  'e2e/quotes.e2e.ts',
  'e2e/replies.e2e.ts',
  'e2e/decisions.e2e.ts',
  'e2e/comparative.e2e.ts',
  'e2e/conversation.e2e.ts',
  'e2e/conversation-reply.e2e.ts',
  'e2e/portal.e2e.ts',
  'e2e/mailbox.e2e.ts',
  'e2e/companies.e2e.ts',
];

/** Browser tests against the real API serving the built SPA (see e2e/global-setup.ts). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web-e2e',
    environment: 'node',
    include: enabled ? (process.env.DATA_PATHS_ONLY ? DATA_PATH_FLOWS : ['e2e/**/*.e2e.ts']) : [],
    passWithNoTests: true,
    globalSetup: enabled ? ['./e2e/global-setup.ts'] : [],
    // One browser and one server on a 2-core machine: files run one after the other.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
