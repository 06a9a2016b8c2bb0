// npm start: serves the production build, building it first when there is none.
import { spawnSync } from 'node:child_process';
import { buildServer, SERVER_ENTRY } from './build-server.mjs';
import { ensureBuild } from './ensure-build.mjs';
import { productionEnv } from './production-env.mjs';

ensureBuild();
await buildServer();

const server = spawnSync(process.execPath, [SERVER_ENTRY], {
  stdio: 'inherit',
  env: productionEnv(),
});
process.exit(server.status ?? 1);
