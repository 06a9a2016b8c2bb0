// npm run bench [-- --products 100000] [--duration 10] [--connections 10] [--reuse]
// Serves the production build on a PostgreSQL database seeded with the demo catalogue (plus N bulk
// products), loads it with autocannon and prints req/s and latency per scenario, then the query plans.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const products = Number(option('products', 0));
const duration = Number(option('duration', 10));
const connections = Number(option('connections', 10));
const reuse = args.includes('--reuse');
const port = Number(process.env.BENCH_PORT ?? 3400);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = `store_bench_${products}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'production' };

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [databaseName]);
  if (rowCount && reuse) {
    await admin.end();
    console.log(`Reusing database ${databaseName}.`);
    return;
  }
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const seedArgs = ['--import', 'tsx', 'src/server/db/seed/cli.ts', ...(products > 0 ? ['--products', String(products)] : [])];
  const seeded = spawnSync(process.execPath, seedArgs, { stdio: 'inherit', env });
  if (seeded.status !== 0) throw new Error('Seeding the benchmark database failed');
}

async function startServer() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit', env: { ...env, PORT: String(port) } });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('The server did not become healthy');
}

/** A path, or a function giving the next path of a scenario that should rarely hit the answer caches. */
const run = (title, path) =>
  new Promise((resolve, reject) => {
    const varied = typeof path === 'function';
    const options = {
      url: `http://127.0.0.1:${port}${varied ? '/' : path}`,
      connections,
      duration,
      ...(varied && { requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }] }),
    };
    autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve({ title, path, result });
    });
  });

const words = ['wireless', 'headphones', 'leather', 'organic', 'cotton', 'smart', 'watch', 'shoes', 'coffee', 'linen', 'serum', 'laptop', 'camera', 'tent', 'novel', 'chair', 'lamp', 'bag', 'phone', 'speaker', 'jacket', 'dress', 'tea', 'rice', 'board', 'game', 'puzzle', 'oak', 'ceramic', 'steel'];
let counter = 0;
/** Two-word searches over many pages: about 9,000 different answers, so the short caches rarely help. */
function variedSearch() {
  return () => {
    counter += 1;
    const first = words[counter % words.length];
    const second = words[Math.floor(counter / words.length) % words.length];
    return `/api/products?search=${first}%20${second}&page=${1 + (Math.floor(counter / 900) % 10)}`;
  };
}
/** Category, price window, sort and page combinations, likewise mostly uncached. */
function variedListing() {
  const sorts = ['top_selling', 'popular_product', 'newest', 'just_for_you', 'high_to_low', 'low_to_high'];
  return () => {
    counter += 1;
    const hash = Math.imul(counter, 2654435761) >>> 0;
    const category = 1 + (hash % 8);
    const min = (hash >>> 3) % 100;
    const sort = sorts[(hash >>> 10) % sorts.length];
    return `/api/products?category_id=${category}&min_price=${min}&max_price=${min + 200}&sort_type=${sort}&page=${1 + ((hash >>> 16) % 20)}`;
  };
}

if (!existsSync('dist/web/index.html')) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
await prepareDatabase();
const server = await startServer();
try {
  const sample = await (await fetch(`http://127.0.0.1:${port}/api/products?per_page=1&sort_type=top_selling`)).json();
  const productId = sample.data.products[0].id;
  const scenarios = [
    ['listing, page 1, no filter', '/api/products?page=1'],
    ['full-text search', '/api/products?search=wireless%20headphones'],
    ['filtered listing', '/api/products?category_id=1&min_price=10&max_price=200&sort_type=low_to_high'],
    ['product details (API)', `/api/products/${productId}`],
    ['product page (HTML with SEO head)', `/products/${productId}/details`],
    ['home (API)', '/api/home'],
    ['search, varied terms and pages (cache misses)', variedSearch()],
    ['listing, varied filters and pages (cache misses)', variedListing()],
  ];
  for (const [, path] of scenarios) await fetch(`http://127.0.0.1:${port}${typeof path === 'function' ? path() : path}`); // warm plans
  const results = [];
  for (const [title, path] of scenarios) results.push(await run(title, path));

  console.log(`\nBenchmark: ${products > 0 ? `demo + ${products.toLocaleString('en-US')} products` : 'demo catalogue'}, ${connections} connections, ${duration} s each\n`);
  console.log('| scenario | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const { title, result } of results) {
    const errors = result.errors + result.non2xx;
    console.log(`| ${title} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${errors} |`);
  }
  if (!args.includes('--no-explain')) {
    console.log('\nQuery plans:');
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/explain-catalog.ts'], { stdio: 'inherit', env });
  }
} finally {
  server.kill('SIGTERM');
}
