import type { TestProject } from 'vitest/node';
import { hasChromium } from './support/chromium';
import { buildWeb, startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/** Builds the web app, starts the real API on a free port with a fresh DATA_DIR, and stops it afterwards. */
export default async function setup(project: TestProject) {
  if (!hasChromium()) return;
  if (process.env.E2E_SKIP_BUILD !== '1') buildWeb();
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
