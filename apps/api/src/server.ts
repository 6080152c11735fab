import { buildApp } from './app.js';
import { ConfigError, parseConfig } from './config/env.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { DEMO_ACCOUNT, seedDemo } from './seed/demo.js';

async function main() {
  const config = parseConfig();
  const app = await buildApp({ config, workers: true });

  if (config.isEmbeddedDatabase && config.SEED_DEMO && !config.isProduction) {
    if (await seedDemo(app.services.database.db)) {
      app.log.info(`Demo data created. Sign in as ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
    }
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
  const shownHost = config.HOST === '127.0.0.1' || config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  app.log.info(`Sistema de Cotações ready on http://${shownHost}:${config.PORT}`);
  if (config.MAIL_TRANSPORT === 'local') {
    app.log.info(`Local mail: messages are written to ${config.mailSentDir} (page /dev/mailbox)`);
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
