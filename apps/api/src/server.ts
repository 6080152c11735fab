import { buildApp, usesPrettyLog } from './app.js';
import { ConfigError, parseConfig } from './config/env.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { DEMO_ACCOUNT, seedDemo } from './seed/demo.js';
import { seedDemoReplies } from './seed/demo-replies.js';
import { publicUrl, startupBanner } from './startup-banner.js';

async function main() {
  const config = parseConfig();
  const app = await buildApp({ config, workers: true });

  const demo = config.isEmbeddedDatabase && config.SEED_DEMO && !config.isProduction;
  if (demo && (await seedDemo(app.services.database.db))) {
    app.log.info({ email: DEMO_ACCOUNT.email }, 'demo data created');
    await app.ready();
    await seedDemoReplies(app).catch((error: unknown) =>
      app.log.error({ err: error }, 'demo replies could not be created'),
    );
    // The seed is a bulk write: statistics now rather than at the next period (ADR 0031).
    await app.services.database.analyze();
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (usesPrettyLog(config)) {
    process.stdout.write(`${startupBanner(config, { demo })}\n`);
  } else {
    app.log.info(
      {
        url: publicUrl(config),
        demoSignIn: demo ? `${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}` : undefined,
        localMailDir: config.MAIL_TRANSPORT === 'local' ? config.mailSentDir : undefined,
      },
      'Sistema de Cotações ready',
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Falha ao iniciar / startup failed:', error);
  }
  process.exit(1);
});
