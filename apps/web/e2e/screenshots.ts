/**
 * Screenshots of every screen, light and dark, desktop (1280×800) and phone (390×844), for a visual
 * review. Starts its own API with the demo seed (a desenvolvedor with a company).
 * Usage: npm run build -w apps/web && npx tsx apps/web/e2e/screenshots.ts [output dir]
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { startServer } from './support/server';

const outDir = path.resolve(process.argv[2] ?? '/tmp/web-shots');
mkdirSync(outDir, { recursive: true });

const publicScreens = [
  '/login',
  '/register',
  '/verify-email',
  '/create-password',
  '/auth/callback',
  '/dev/mailbox',
];
const privateScreens = [
  '/',
  '/configuracoes',
  '/configuracoes/alterar-senha',
  '/suporte',
  '/management',
  '/empresas/assign-user',
  '/onboarding/company',
];
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const server = await startServer({ SEED_DEMO: 'true' });
await fetch(`${server.baseURL}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'avaliador@exemplo.com.br' }),
});
for (let attempt = 0; attempt < 40; attempt++) {
  const mailbox = (await (await fetch(`${server.baseURL}/api/dev/mailbox`)).json()) as {
    messages: Array<{ id: string }>;
  };
  if (mailbox.messages[0]) {
    publicScreens.push(`/dev/mailbox?id=${encodeURIComponent(mailbox.messages[0].id)}`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ baseURL: server.baseURL, viewport, locale: 'pt-BR' });
      await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
      const page = await context.newPage();
      const shot = async (route: string) => {
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(150);
        const name = `${theme}-${device}-${route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'dashboard'}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      };
      for (const route of publicScreens) await shot(route);
      await page.goto('/login');
      await page.getByLabel('E-mail').fill('demo@cotacoes.local');
      await page.getByLabel('Senha', { exact: true }).fill('Cotacao2026');
      await page.getByRole('button', { name: 'Acessar conta' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      for (const route of privateScreens) await shot(route);
      if (device === 'desktop') {
        await page.evaluate(() => localStorage.setItem('sidebar-collapsed', 'true'));
        await page.goto('/configuracoes');
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(outDir, `${theme}-desktop-collapsed.png`) });
      }
      if (device === 'phone') {
        await page.goto('/suporte');
        await page.getByRole('button', { name: 'Abrir menu' }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(outDir, `${theme}-phone-menu-open.png`) });
      }
      await context.close();
    }
  }
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser.close();
  await server.stop();
}
