// Builds the storefront (its browser bundle and the server's render of its pages) and the console when one
// is missing, so `npm start`, the browser tests, Lighthouse and the benchmarks work from a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BUILD_OUTPUTS = ['dist/web/index.html', 'dist/web/console.html', 'dist/web-render/server-render.js'];

export function ensureBuild() {
  if (BUILD_OUTPUTS.every((file) => existsSync(file))) return;
  console.log('No production build yet: building the storefront first…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
