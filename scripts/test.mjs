// npm test: every check CI runs, in order, stopping at the first failure.
//   node scripts/test.mjs                  all stages
//   node scripts/test.mjs --only unit,lint  some of them (also: --only unit --only lint)
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const isCI = process.env.CI === 'true';

const sh = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const step = (command, args, env) => (sh(command, args, env) === 0 ? { status: 'passed' } : { status: 'failed' });

const hasE2eSpecs = () =>
  readdirSync('e2e', { recursive: true }).some((file) => /\.(spec|test)\.[cm]?[jt]sx?$/.test(String(file)));

const stages = [
  { name: 'typecheck', shows: 'npm run typecheck', run: () => step('npm', ['run', 'typecheck']) },
  { name: 'lint', shows: 'npm run lint', run: () => step('npm', ['run', 'lint']) },
  { name: 'unit', shows: 'vitest --project unit', run: () => step('npx', ['--no', 'vitest', 'run', '--project', 'unit']) },
  {
    name: 'api-pglite',
    shows: 'vitest --project api-pglite',
    run: () => step('npx', ['--no', 'vitest', 'run', '--project', 'api-pglite']),
  },
  {
    name: 'api-postgres',
    shows: 'ensure-postgres + vitest --project api-postgres',
    run: () => {
      const ready = sh(process.execPath, ['scripts/ensure-postgres.mjs']);
      if (ready === 2 && !isCI) {
        warn([
          'PostgreSQL is not reachable: SKIPPING the API tests on PostgreSQL.',
          'They run in CI and must pass there; start PostgreSQL (see above) to run them here.',
        ]);
        return { status: 'SKIPPED', note: 'PostgreSQL not reachable' };
      }
      if (ready !== 0) return { status: 'failed', note: 'PostgreSQL not reachable' };
      return step('npx', ['--no', 'vitest', 'run', '--project', 'api-postgres']);
    },
  },
  { name: 'build', shows: 'npm run build', run: () => step('npm', ['run', 'build']) },
  {
    name: 'browser',
    shows: 'ensure-chromium + playwright test',
    run: () => {
      if (!hasE2eSpecs()) {
        warn(['No Playwright specs in e2e/ yet: nothing to run in the browser.']);
        return { status: 'SKIPPED', note: 'no e2e specs yet' };
      }
      if (sh(process.execPath, ['scripts/ensure-chromium.mjs']) !== 0) return { status: 'failed', note: 'no Chromium' };
      return step('npx', ['--no', 'playwright', 'test']);
    },
  },
];

function warn(lines) {
  const bar = '!'.repeat(78);
  console.warn(`\n${bar}\n${lines.map((line) => `!! ${line}`).join('\n')}\n${bar}\n`);
}

function formatDuration(ms) {
  const seconds = ms / 1000;
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

function selectedStages(argv) {
  const only = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only') only.push(...(argv[++i] ?? '').split(','));
    else if (arg.startsWith('--only=')) only.push(...arg.slice('--only='.length).split(','));
    else {
      console.error(`Unknown argument: ${arg}\nUsage: node scripts/test.mjs [--only <stage>[,<stage>…]]`);
      process.exit(2);
    }
  }
  const names = only.filter(Boolean);
  const unknown = names.filter((name) => !stages.some((stage) => stage.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown stage: ${unknown.join(', ')}. Stages: ${stages.map((stage) => stage.name).join(', ')}`);
    process.exit(2);
  }
  return names.length > 0 ? stages.filter((stage) => names.includes(stage.name)) : stages;
}

const selected = selectedStages(process.argv.slice(2));
const results = [];
const started = Date.now();

for (const [index, stage] of selected.entries()) {
  console.log(`\n━━━ [${index + 1}/${selected.length}] ${stage.name} · ${stage.shows} ━━━\n`);
  const stageStarted = Date.now();
  const result = stage.run();
  const ms = Date.now() - stageStarted;
  results.push({ name: stage.name, ...result, ms });
  const mark = result.status === 'passed' ? '✓' : result.status === 'failed' ? '✗' : '!';
  console.log(`\n${mark} ${stage.name} ${result.status} in ${formatDuration(ms)}${result.note ? ` (${result.note})` : ''}`);
  if (result.status === 'failed') break;
}

const failed = results.some((result) => result.status === 'failed');
const rows = selected.map((stage) => {
  const result = results.find((r) => r.name === stage.name);
  return [stage.name, result ? result.status : 'not run', result ? formatDuration(result.ms) : '', result?.note ?? ''];
});
const skipped = results.filter((result) => result.status === 'SKIPPED').length;
rows.push(['total', failed ? 'FAILED' : 'passed', formatDuration(Date.now() - started), skipped ? `${skipped} SKIPPED` : '']);
const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length), 6));
const line = (row) => `  ${row[0].padEnd(widths[0])}  ${row[1].padEnd(widths[1])}  ${row[2].padStart(widths[2])}  ${row[3]}`.trimEnd();
console.log(`\nSummary${isCI ? ' (CI)' : ''}\n${line(['stage', 'result', 'time', ''])}`);
for (const row of rows) {
  if (row[0] === 'total') console.log(`  ${'-'.repeat(widths[0] + widths[1] + widths[2] + 4)}`);
  console.log(line(row));
}
process.exit(failed ? 1 : 0);
