import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seedDatabase } from '../seed/seed.ts';
import { randomBytes } from 'node:crypto';
import { adminQuery, withDatabaseName } from './test-database.ts';

/**
 * Migrates and seeds one template database per run; every test file then starts from a copy of it
 * (Epic Stack habit), so files run in parallel and never see each other's rows.
 */
export default async function setup(project: TestProject) {
  // A project's `test.env` reaches its test workers, not this process: read it from the project.
  if (project.config.env.TEST_DB === 'postgres') {
    // A name per run, so two test runs on one server (two developers, two terminals) never share a template.
    const templateName = `store_test_template_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${templateName}`);
    const template = await openDatabase({ driver: 'postgres', url: withDatabaseName(templateName), poolSize: 2 });
    await template.migrate();
    await seedDatabase(template.db);
    await template.close();
    project.provide('postgresTemplate', templateName);
    return () => adminQuery(`drop database if exists ${templateName} with (force)`);
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
    postgresTemplate: string;
  }
}
