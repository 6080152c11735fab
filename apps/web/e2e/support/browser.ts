import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export function baseURL(): string {
  return inject('baseURL');
}

export function dataDir(): string {
  return inject('dataDir');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and console errors, minus the browser's own notes about expected 4xx answers. */
  errors: string[];
}

const expectedNoise = /Failed to load resource: the server responded with a status of 4\d\d/;

export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !expectedNoise.test(message.text()))
      errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/** React 19 sets <title> while rendering, so wait for it instead of reading it once. */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 });
}

let counter = 0;
/** A unique e-mail per call, so tests never collide on one server. */
export function uniqueEmail(prefix = 'importador'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@exemplo.com.br`;
}
