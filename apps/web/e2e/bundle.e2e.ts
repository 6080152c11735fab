import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_JS_BUDGET_BYTES, measureLoginBundle } from '../scripts/check-bundle';
import { launchBrowser, openPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('bundle budget (P3)', () => {
  it('the build manifest says /login needs ≤ 170 kB of gzipped JavaScript', () => {
    const report = measureLoginBundle();
    console.info(
      `[bundle] /login JS from the manifest: ${(report.totalGzipBytes / 1000).toFixed(1)} kB gzip`,
    );
    expect(report.totalGzipBytes).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  });

  it('the browser really loads ≤ 170 kB of gzipped JavaScript for /login, other screens stay out', async () => {
    const { page, context, errors } = await openPage(browser);
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Acessar conta' }).waitFor();
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    console.info(
      `[bundle] /login JS loaded by Chromium: ${(total / 1000).toFixed(1)} kB gzip in ${scripts.size} files`,
    );
    expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
    const names = [...scripts.keys()].join(' ');
    for (const other of ['settings', 'mailbox', 'support', 'change-password', 'placeholders']) {
      expect(names).not.toContain(`/${other}-`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
