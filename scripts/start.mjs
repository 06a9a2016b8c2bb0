// npm start: serves the production build, building it first when there is none.
import { buildServer, SERVER_ENTRY } from './build-server.mjs';
import { ensureBuild } from './ensure-build.mjs';
import { productionEnv } from './production-env.mjs';
import { runServer } from './run-server.mjs';

ensureBuild();
await buildServer();

runServer(SERVER_ENTRY, productionEnv());
