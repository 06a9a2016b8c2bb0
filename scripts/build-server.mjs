// The server's production build (decision 030): src/server/main.ts and its modules as one ES module,
// dist/server/main.mjs, with the packages left to node_modules. The files the server reads next to
// its own code (the migrations, the API's message texts, the embedded database's template) are copied beside it. It takes well under
// a second, so every script that starts the server builds it first and never runs a stale one.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const outdir = 'dist/server';
export const SERVER_ENTRY = `${outdir}/main.mjs`;

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: 'src/server/main.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // A module imported only when first needed (the invoices' PDF drawing, the Stripe checkout) is a file of its own, loaded then.
    // Chunks sit beside main.mjs, so a module's files found from `import.meta.url` are where they were.
    splitting: true,
    chunkNames: '[name]-[hash]',
    // For `NODE_OPTIONS=--enable-source-maps` when a stack trace should name the TypeScript lines.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  latinOnly(outdir);
  cpSync('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });
  cpSync('src/server/features/i18n/messages', `${outdir}/messages`, { recursive: true });
  cpSync('src/server/db/empty-pglite.tar.gz', `${outdir}/empty-pglite.tar.gz`);
  // esbuild's service process would otherwise live (some 50 MB) as long as `npm start` does.
  await stop();
}

/**
 * esbuild writes strings in ASCII but keeps a few comments as written, and one character past Latin-1
 * anywhere in a module (an ellipsis in a comment) makes V8 keep the module's whole source at two bytes
 * a character while the server runs: 1 MB more for main.mjs. Such characters, left only in comments,
 * are written as escapes there.
 */
function latinOnly(dir) {
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.mjs'))) {
    const file = `${dir}/${name}`;
    const text = readFileSync(file, 'utf8');
    const latin = text.replace(/[\u0100-\u{10ffff}]/gu, (character) => `\\u{${character.codePointAt(0).toString(16)}}`);
    if (latin !== text) writeFileSync(file, latin);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  console.log(`Built the server into ${SERVER_ENTRY}`);
}
