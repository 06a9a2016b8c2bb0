// npm run seed [-- --reset]: seeds the database the configuration points at.
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { seedDatabase } from './seed.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  await seedDatabase(database.db, { reset: process.argv.includes('--reset') });
  console.log(`Seeded the ${config.database.driver} database.`);
} finally {
  await database.close();
}
