import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { seedDatabase } from '../db/seed/seed.ts';
import { adminDatabaseUrl, TEMPLATE_DATABASE, withDatabaseName } from './test-database.ts';

/**
 * Migrates and seeds one template database per run; every test file then starts from a copy of it
 * (Epic Stack habit), so files run in parallel and never see each other's rows.
 */
export default async function setup(project: TestProject) {
  // A project's `test.env` reaches its test workers, not this process: read it from the project.
  if (project.config.env.TEST_DB === 'postgres') {
    const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
      await admin.query(`create database ${TEMPLATE_DATABASE}`);
    } finally {
      await admin.end();
    }
    const template = await openDatabase({ driver: 'postgres', url: withDatabaseName(TEMPLATE_DATABASE), poolSize: 2 });
    await template.migrate();
    await seedDatabase(template.db);
    await template.close();
    return;
  }

  const template = await openDatabase({ driver: 'pglite' });
  await template.migrate();
  await seedDatabase(template.db);
  const dump = await template.dump!();
  project.provide('pgliteTemplate', new Uint8Array(await dump.arrayBuffer()));
  await template.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: Uint8Array;
  }
}
