// npm run lighthouse [-- /path …]: Lighthouse (mobile preset) against the production build on a
// fresh embedded database. Writes reports/lighthouse/*.json and fails below LIGHTHOUSE_MIN.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildServer, SERVER_ENTRY } from './build-server.mjs';
import { ensureBuild } from './ensure-build.mjs';

const MIN_SCORE = Number(process.env.LIGHTHOUSE_MIN ?? 95);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const REPORT_DIR = 'reports/lighthouse';
const paths = process.argv.length > 2 ? process.argv.slice(2) : ['/'];

ensureBuild();
await buildServer();

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function startServer(port, dataDir) {
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (healthy) return server;
    await sleep(250);
  }
  server.kill('SIGTERM');
  throw new Error('the server did not answer /api/health within 60 s');
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

const slug = (urlPath) => urlPath.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home';

/**
 * The audits that cost points, heaviest first, then the diagnostics that explain them (weight 0 but
 * with estimated metric savings), largest savings first.
 */
function failingAudits(lhr) {
  const failing = new Map();
  for (const categoryId of CATEGORIES) {
    for (const ref of lhr.categories[categoryId]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      const skip = audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'informative';
      if (skip || failing.has(ref.id)) continue;
      const savings = Object.values(audit.metricSavings ?? {}).reduce((sum, ms) => sum + ms, 0);
      if (ref.weight === 0 && savings === 0) continue;
      failing.set(ref.id, { categoryId, weight: ref.weight, savings, audit });
    }
  }
  return [...failing.values()].sort((a, b) => b.weight - a.weight || b.savings - a.savings);
}

/** One Lighthouse run; a trace Chromium failed to record (NO_NAVSTART, now and then) is recorded again. */
async function audit(url, port, attemptsLeft = 3) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const error = result.lhr.runtimeError;
  if (error?.code === 'NO_NAVSTART' && attemptsLeft > 1) {
    console.log('  (the trace was not recorded; running again)');
    return audit(url, port, attemptsLeft - 1);
  }
  if (error) throw new Error(`Lighthouse could not load ${url}: ${error.message}`);
  return result;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'store-lighthouse-'));
let server;
let chrome;
let belowMin = false;
try {
  const port = await freePort();
  server = await startServer(port, dataDir);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  mkdirSync(REPORT_DIR, { recursive: true });

  const summary = [];
  for (const urlPath of paths) {
    const url = new URL(urlPath, `http://127.0.0.1:${port}`).toString();
    console.log(`\nLighthouse (mobile) ${urlPath} …`);
    const result = await audit(url, chrome.port);
    const { lhr } = result;
    const file = path.join(REPORT_DIR, `${slug(urlPath)}.json`);
    writeFileSync(file, result.report);

    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
    summary.push({ urlPath, scores });
    console.log(`  ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(' · ')}   (${file})`);
    for (const metric of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
      console.log(`    ${lhr.audits[metric].title.padEnd(26)} ${lhr.audits[metric].displayValue ?? ''}`);
    }
    const failing = failingAudits(lhr);
    if (failing.length > 0) console.log('  Audits that cost points:');
    for (const { categoryId, weight, audit } of failing.slice(0, 12)) {
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      const kind = weight > 0 ? categoryId : `${categoryId} diagnostic`;
      console.log(`    [${kind}] ${audit.id}: ${audit.title}${value}`);
    }
  }

  console.log(`\n  ${'page'.padEnd(20)} ${CATEGORIES.map((id) => id.padStart(15)).join('')}`);
  for (const { urlPath, scores } of summary) {
    console.log(`  ${urlPath.padEnd(20)} ${CATEGORIES.map((id) => String(scores[id]).padStart(15)).join('')}`);
    belowMin ||= CATEGORIES.some((id) => scores[id] < MIN_SCORE);
  }
  console.log(belowMin ? `\n✗ A score is below LIGHTHOUSE_MIN=${MIN_SCORE}.` : `\n✓ Every score is at least ${MIN_SCORE}.`);
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : error}`);
  belowMin = true;
} finally {
  chrome?.kill();
  if (server) await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(belowMin ? 1 : 0);
