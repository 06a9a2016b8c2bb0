import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isSeeded, seedDatabase } from './seed/seed.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.migrate();
  if (!(await isSeeded(database.db))) await seedDatabase(database.db, { demoAccounts: config.appEnv === 'local', appSecret: config.appSecret });

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Store ready at http://localhost:${config.port} (${config.database.driver} database)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
