// npm run make-pglite-template: writes src/server/db/empty-pglite.tar.gz, the embedded database's
// freshly initialised data directory, which every new PGlite database starts from (decision 036).
// Run it after upgrading @electric-sql/pglite; a test fails until the template matches the package.
import { readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const TEMPLATE = 'src/server/db/empty-pglite.tar.gz';
const { version } = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8'));

const database = new PGlite();
await database.waitReady;
const dump = await database.dumpDataDir('gzip');
await database.close();
writeFileSync(TEMPLATE, Buffer.from(await dump.arrayBuffer()));
writeFileSync(TEMPLATE.replace('.tar.gz', '.json'), `${JSON.stringify({ pglite: version }, null, 2)}\n`);
console.log(`Wrote ${TEMPLATE} (${Math.round(dump.size / 1024)} KiB) for PGlite ${version}`);
