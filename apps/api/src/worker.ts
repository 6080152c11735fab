import { buildApp } from './app.js';
import { parseConfig } from './config/env.js';

/** Runs only the background workers (for a scaled-out API on PostgreSQL). */
async function main() {
  const config = parseConfig();
  if (config.isEmbeddedDatabase) {
    console.error(
      'npm run worker precisa de DATABASE_URL: o banco embutido pertence ao processo do npm start.',
    );
    process.exit(1);
  }
  const app = await buildApp({ config, workers: true });
  await app.ready();
  app.log.info('workers running');
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
