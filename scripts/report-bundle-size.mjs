// After `vite build`: the JavaScript a first visit to `/` downloads, gzipped, against a budget.
// That is the entry chunk and its static imports, plus the Home page chunk and its static imports
// (the router requests it at once on `/`). Lazily imported chunks of other pages are not counted.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 120);
const OUT_DIR = process.env.BUNDLE_OUT_DIR ?? 'dist/web';
const ENTRY = 'index.html';
const HOME_PAGE = 'src/web/pages/home.tsx';

const manifestFile = path.join(OUT_DIR, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`✗ ${manifestFile} is missing: run \`vite build\` with build.manifest: true first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

for (const key of [ENTRY, HOME_PAGE]) {
  if (!manifest[key]) {
    console.error(`✗ ${key} is not in ${manifestFile}: update scripts/report-bundle-size.mjs to the new entry or home page.`);
    process.exit(1);
  }
}

/** Chunk keys in load order: each chunk, then what it imports statically, each once. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
}
const keys = staticClosure(HOME_PAGE, staticClosure(ENTRY));

// kB = 1000 bytes, as vite prints it.
const kB = (bytes) => bytes / 1000;
const rows = [...keys].map((key) => {
  const file = manifest[key].file;
  const content = readFileSync(path.join(OUT_DIR, file));
  return { file, why: key.startsWith('_') ? 'shared' : key, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
});
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });

const fileWidth = Math.max(...rows.map((row) => row.file.length), 'total'.length);
const whyWidth = Math.max(...rows.map((row) => row.why.length));
const line = (file, why, raw, gzip) =>
  `  ${file.padEnd(fileWidth)}  ${why.padEnd(whyWidth)}  ${raw.padStart(10)}  ${gzip.padStart(10)}`;
console.log(`\nJavaScript for a first visit to / (gzip level 9)`);
console.log(line('file', 'chunk of', 'raw kB', 'gzip kB'));
for (const row of rows) console.log(line(row.file, row.why, kB(row.raw).toFixed(2), kB(row.gzip).toFixed(2)));
console.log(line('total', '', kB(total.raw).toFixed(2), kB(total.gzip).toFixed(2)));

const overBudget = kB(total.gzip) > BUDGET_KB;
console.log(
  `\n${overBudget ? '✗' : '✓'} ${kB(total.gzip).toFixed(1)} kB gzip of a ${BUDGET_KB} kB budget` +
    (overBudget ? ' (BUNDLE_BUDGET_KB overrides it; better: lazy-load what / does not need)' : ''),
);
process.exit(overBudget ? 1 : 0);
