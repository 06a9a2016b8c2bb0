import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { consoleIdentity } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { rollUpDashboards } from './dashboard-rollup.ts';
import { readDashboard } from './dashboard.service.ts';

const DASHBOARD_ROLLUP_JOB = 'dashboard-rollup';

/** The console's dashboards (decision 055), and the job that keeps their daily rollups. */
export async function dashboardConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;

  app.get(
    '/console/dashboard',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags: ['Console dashboard'],
        summary: 'The period’s sales figures against the period before, by day, and the work waiting (a seller: their shop’s)',
        security: SIGNED_IN,
        ...endpointSchema('GET /console/dashboard'),
      },
    },
    async (request) => ({ message: 'Dashboard', data: await readDashboard(db, consoleIdentity(request), request.query, app.clock.now()) }),
  );

  await app.jobs.repeat(DASHBOARD_ROLLUP_JOB, app.config.jobs.dashboardRollupSeconds, async () => {
    await rollUpDashboards(db, app.clock.now());
  });
}
