// Makes sure the Chromium that Playwright and Lighthouse drive is installed (Debian's package; we never
// download a browser). Exit 0 when it is there, 1 with instructions when it is not.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const chromePath = process.env.CHROME_PATH ?? DEFAULT_PATH;
const isRoot = process.getuid?.() === 0;

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const aptGet = (...args) =>
  spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    .status === 0;

function fail(reason) {
  console.error(`✗ ${reason}`);
  if (chromePath !== DEFAULT_PATH) console.error(`  CHROME_PATH=${chromePath}: point it at an installed Chromium, or unset it and`);
  console.error('  Run: sudo apt-get install -y chromium');
  process.exit(1);
}

if (!isExecutable(chromePath)) {
  // Installing the package only helps when we are looking for the path it installs.
  if (chromePath !== DEFAULT_PATH) fail(`No browser at ${chromePath}.`);
  if (!isRoot) fail(`Chromium is not installed (${chromePath}) and installing it needs root.`);
  console.log('Chromium is missing: installing Debian\'s chromium package…');
  // A fresh machine often has no package lists yet.
  if (!aptGet('install', '-y', 'chromium') && aptGet('update')) aptGet('install', '-y', 'chromium');
  if (!isExecutable(chromePath)) fail(`Installing chromium did not provide ${chromePath}.`);
}

const version = spawnSync(chromePath, ['--version'], { encoding: 'utf8' });
if (version.status !== 0) fail(`${chromePath} is there but does not run: ${version.stderr.trim()}`);
console.log(`✓ ${version.stdout.trim()} (${chromePath})`);
