// npm start: serves the production build, building it first when there is none.
import { spawnSync } from 'node:child_process';
import { ensureBuild } from './ensure-build.mjs';
import { productionEnv } from './production-env.mjs';

ensureBuild();

const server = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: productionEnv(),
});
process.exit(server.status ?? 1);
