// npm run bench [-- --products 100000] [--orders 1000000] [--duration 10] [--connections 10] [--reuse] [--no-commerce] [--no-explain] [--only <words>] [--save]
// BENCH_PROFILE=<dir> npm run bench …: the server also writes a CPU profile of the run into <dir>.
// Serves the production build on a PostgreSQL database seeded with the demo catalogue (plus N bulk
// products), loads it with autocannon and prints req/s, latency and the CPU a request cost the server
// (all its threads) and this machine's PostgreSQL per scenario, then the query plans.
// `--only login` runs just the scenarios whose title holds those words (no plans; `a|b` either); `--only commerce` just the commerce ones.
// `--reuse` keeps a database seeded before (vacuumed first, as autovacuum would have between runs).
// `--save` also writes the run's raw figures to docs/benchmarks/<date>-<scenario>.json (see docs/benchmarks.md).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildServer, SERVER_ENTRY } from './build-server.mjs';
import { ensureBuild } from './ensure-build.mjs';
import { productionEnv } from './production-env.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const products = Number(option('products', 0));
const orders = Number(option('orders', 0));
const duration = Number(option('duration', 10));
const connections = Number(option('connections', 10));
const reuse = args.includes('--reuse');
const save = args.includes('--save');
const only = option('only', undefined);
const chosen = (title) => only === undefined || only.split('|').some((words) => title.includes(words));
const port = Number(process.env.BENCH_PORT ?? 3400);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = `store_bench_${products}${orders > 0 ? `_orders_${orders}` : ''}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
// Its own data directory: the order mails of the commerce scenarios land in its outbox, not in ./data.
const env = productionEnv({
  ...process.env,
  DATABASE_URL: databaseUrl,
  // A production start (DATABASE_URL) needs the address it is reached at.
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'store-bench-')),
  // Every request comes from 127.0.0.1: the per-address limits are there for shoppers, not for the load.
  IP_RATE_LIMIT_FACTOR: '10000',
  // The login storm names its addresses in X-Forwarded-For (the others send none and stay 127.0.0.1).
  TRUST_PROXY: 'true',
});

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [databaseName]);
  if (rowCount && reuse) {
    await admin.end();
    // What autovacuum would have done since the last run (this machine's PostgreSQL runs without it,
    // `show autovacuum`): the last run's writes (every viewed product's count, the orders) leave dead
    // rows that every later scan would read past.
    await withBenchDatabase(async (database) => {
      await database.query('vacuum analyze products, product_variants, search_words, search_word_deletes, search_postings, orders, order_items');
      // The last run's order mails its server had not sent yet: the next server would send them while it is measured.
      const { rows: [{ jobs }] } = await database.query(`select to_regclass('pgboss.job') as jobs`);
      if (jobs) await database.query(`delete from pgboss.job where state in ('created', 'retry')`);
    });
    console.log(`Reusing database ${databaseName} (vacuumed).`);
    return;
  }
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const seedArgs = ['--import', 'tsx', 'src/server/seed/cli.ts', ...(products > 0 ? ['--products', String(products)] : []), ...(orders > 0 ? ['--orders', String(orders)] : [])];
  // The seed is not the server: it runs without the server's heap cap.
  const seeded = spawnSync(process.execPath, seedArgs, { stdio: 'inherit', env: { ...env, NODE_OPTIONS: process.env.NODE_OPTIONS ?? '' } });
  if (seeded.status !== 0) throw new Error('Seeding the benchmark database failed');
}

async function startServer() {
  // BENCH_PROFILE=<dir>: the server writes a CPU profile of the whole run there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  const server = spawn(process.execPath, [...profile, SERVER_ENTRY], { stdio: 'inherit', env: { ...env, PORT: String(port) } });
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

/** The server's resident memory now and at its peak, in MB, as its kernel accounts it (Linux: /proc). */
function serverMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const megabytes = (field) => Math.round(Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0) / 1024);
  return { rss: megabytes('VmRSS'), peak: megabytes('VmHWM') };
}

/** The kernel's clock ticks a second, in which /proc counts CPU time. */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
let serverPid;

/** CPU ticks used so far by the server's process (every thread: the collector's too) and by this machine's PostgreSQL processes (Linux /proc). */
function cpuTicks() {
  const ticksOf = (stat) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) postgres += ticksOf(stat);
    } catch {
      // the process ended meanwhile
    }
  }
  return { server: serverPid ? ticksOf(readFileSync(`/proc/${serverPid}/stat`, 'utf8')) : 0, postgres };
}

/** Runs autocannon with `options`, and adds to its result the server's and PostgreSQL's CPU milliseconds a request. */
const load = (options) =>
  new Promise((resolve, reject) => {
    const before = cpuTicks();
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      const after = cpuTicks();
      const perRequest = (ticks) => (ticks * 1000) / TICKS_PER_SECOND / Math.max(1, result.requests.total);
      resolve({ ...result, cpu: { server: perRequest(after.server - before.server), postgres: perRequest(after.postgres - before.postgres) } });
    });
  });

/** A path, or a function giving the next path of a scenario that should rarely hit the answer caches. */
async function run(title, path, connectionCount = connections) {
  const varied = typeof path === 'function';
  const result = await load({
    url: `http://127.0.0.1:${port}${varied ? '/' : path}`,
    connections: connectionCount,
    duration,
    // A varied scenario's next request: its path, or its path and headers.
    ...(varied && { requests: [{ setupRequest: (request) => { const next = path(); return typeof next === 'string' ? { ...request, path: next } : { ...request, ...next, headers: { ...request.headers, ...next.headers } }; } }] }),
  });
  return { title, path, result };
}

const STORM_CONNECTIONS = 32;
const STORM_ADDRESSES = 24;
const SHOPPER_CONNECTIONS = 2;
const QUIET_ADDRESS = '198.51.100.7';

/** POST /api/login requests for autocannon, each with its body and the address it names. */
const loginRequests = (next) => [
  {
    method: 'POST',
    setupRequest: (request) => {
      const { address, phone, password } = next();
      return { ...request, headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ phone, password }) };
    },
  },
];

/**
 * Bad logins for unknown accounts on 32 connections from 24 addresses, each connection sending its
 * next as soon as the last is answered, at the server's real (OWASP) scrypt cost, while two shoppers
 * load the home page one request after another and one shopper from another address signs in again
 * and again with the right password: how long a shopper waits for a page, and whether a quiet
 * address can still sign in, while the store is under a login storm (decision 009).
 */
async function loginStorm() {
  const shopper = { phone: `quiet-${Date.now()}@example.test`, password: 'the quiet password' };
  const registered = await fetch(`http://127.0.0.1:${port}/api/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': QUIET_ADDRESS },
    body: JSON.stringify({ name: 'Quiet Shopper', country: 'United States', email: shopper.phone, phone_code: '+1', phone: `30${String(Date.now()).slice(-9)}`, password: shopper.password }),
  });
  if (!registered.ok) throw new Error(`The quiet shopper could not sign up: ${await registered.text()}`);
  let attempt = 0;
  const storm = load({
    url: `http://127.0.0.1:${port}/api/login`,
    connections: STORM_CONNECTIONS,
    duration,
    requests: loginRequests(() => ({ address: `10.47.0.${(attempt % STORM_ADDRESSES) + 1}`, phone: `storm-${attempt++}@example.test`, password: 'not the password' })),
  });
  const quiet = load({ url: `http://127.0.0.1:${port}/api/login`, connections: 1, duration, requests: loginRequests(() => ({ address: QUIET_ADDRESS, ...shopper })) });
  const [logins, signIns, home] = await Promise.all([storm, quiet, run('home page (HTML, server-rendered) during the login storm', '/', SHOPPER_CONNECTIONS)]);
  const count = (result, status) => result.statusCodeStats[status]?.count ?? 0;
  const [hashed, refused] = [count(logins, 422), count(logins, 429)];
  const signedIn = count(signIns, 200);
  // The storm's password hashing runs meanwhile: the server's CPU is not the pages' or the shopper's alone.
  return [
    { ...home, result: { ...home.result, cpu: undefined } },
    {
      title: `a shopper's logins from a quiet address, one after another (${signedIn} of ${signIns.requests.total} signed in; errors: the others)`,
      result: { ...signIns, non2xx: signIns.requests.total - signedIn, cpu: undefined },
    },
    {
      title: `bad logins, ${STORM_CONNECTIONS} at once from ${STORM_ADDRESSES} addresses (${hashed} hashed and answered 422, ${refused} refused with 429 before hashing)`,
      result: { ...logins, non2xx: logins.requests.total - hashed - refused, cpu: undefined },
    },
  ];
}

const words = ['wireless', 'headphones', 'leather', 'organic', 'cotton', 'smart', 'watch', 'shoes', 'coffee', 'linen', 'serum', 'laptop', 'camera', 'tent', 'novel', 'chair', 'lamp', 'bag', 'phone', 'speaker', 'jacket', 'dress', 'tea', 'rice', 'board', 'game', 'puzzle', 'oak', 'ceramic', 'steel'];

/** Runs `use` with a connection to the benchmark's database, closed afterwards. */
async function withBenchDatabase(use) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * Searches as shoppers type them (issue 14): one to three words drawn from the names of 60,000
 * random products, so common words come up as often as they do in the catalogue, from a vocabulary
 * of at least 50,000 words; one word in five carries a typo (a letter dropped, doubled, swapped or
 * replaced). No search is sent twice in a run, and most ask for page 1, some for pages 2 and 3.
 */
/** The words of active products' names, in English or, with `locale`, in that language (the bulk catalogue's Arabic and Persian names). */
async function searchVocabulary(locale) {
  return withBenchDatabase(async (client) => {
    const name = locale ? `translations -> '${locale}' ->> 'name'` : 'name';
    // The same names in every run on the same catalogue, so that runs compare.
    const { rows } = await client.query(`select ${name} as name from products where status = 'active' and ${name} is not null order by md5(id::text) limit 60000`);
    const names = rows.map((row) => row.name.toLowerCase().match(/\p{L}{2,}/gu) ?? []).filter((words) => words.length > 0);
    return { names, size: new Set(names.flat()).size };
  });
}

/** Numbers in [0, 1) that are the same in every run from the same seed. */
function seededRandom(seed) {
  return () => ((seed = Math.imul(seed ^ (seed >>> 15), 2246822519) + 0x9e3779b9) >>> 0) / 2 ** 32;
}

const LATIN_LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ARABIC_LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';

function withTypo(word, random, letters = LATIN_LETTERS) {
  const at = 1 + Math.floor(random() * (word.length - 2));
  const letter = letters[Math.floor(random() * letters.length)];
  switch (Math.floor(random() * 4)) {
    case 0: return word.slice(0, at) + word.slice(at + 1);
    case 1: return word.slice(0, at) + word[at] + word.slice(at);
    case 2: return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
    default: return word.slice(0, at) + letter + word.slice(at + 1);
  }
}

/**
 * Letters an Arabic or Persian shopper may type in another form than the catalogue's (search_normalize):
 * the search must find the word either way.
 */
const otherForms = (word) => word.replace(/[اأإآ]/gu, 'ا').replace(/ي/gu, 'ی').replace(/ك/gu, 'ک');

/** Never-repeated searches from the names' words, one in five with a typo; in Arabic or Persian (`letters`), one in four in the other letter forms. */
function variedSearch({ names }, { letters, headers } = {}) {
  const random = seededRandom(42);
  const sent = new Set();
  const word = () => {
    const words = names[Math.floor(random() * names.length)];
    const chosen = words[Math.floor(random() * words.length)];
    if (chosen.length >= 5 && random() < 0.2) return withTypo(chosen, random, letters);
    return letters && random() < 0.25 ? otherForms(chosen) : chosen;
  };
  return () => {
    let terms;
    do terms = Array.from({ length: 1 + Math.floor(random() * random() * 3) }, word).join(' ');
    while (sent.has(terms));
    sent.add(terms);
    const page = random() < 0.8 ? 1 : 2 + Math.floor(random() * 2);
    const path = `/api/products?search=${encodeURIComponent(terms)}&page=${page}`;
    return headers ? { path, headers } : path;
  };
}
/** The catalogue's places and the filters a shopper can pick, as the listing scenario chooses from them. */
async function listingChoices() {
  return withBenchDatabase(async (client) => {
    const ids = async (table) => (await client.query(`select id from ${table} where is_active order by id`)).rows.map((row) => row.id);
    const { rows: subCategories } = await client.query('select id, category_id from sub_categories where is_active order by id');
    return { categories: await ids('categories'), subCategories, brands: await ids('brands'), colors: await ids('colors'), sizes: await ids('sizes') };
  });
}

/**
 * Filtered listings as shoppers narrow them (issue 14): a category or one of its sub-categories,
 * mostly with a price window, sometimes a brand, colour, size, rating or in-stock only, in any sort
 * order, on pages 1 to 3. No combination is sent twice in a run.
 */
function variedListing({ categories, subCategories, brands, colors, sizes }) {
  const sorts = ['top_selling', 'popular_product', 'newest', 'just_for_you', 'high_to_low', 'low_to_high'];
  const random = seededRandom(7);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const sometimes = (chance, value) => (random() < chance ? value() : undefined);
  const sent = new Set();
  const next = () => {
    const sub = sometimes(0.5, () => pick(subCategories));
    const min = Math.floor(random() * 20) * 10;
    const filters = {
      category_id: sub ? sub.category_id : pick(categories),
      sub_category_id: sub?.id,
      min_price: sometimes(0.7, () => min),
      max_price: sometimes(0.7, () => min + 20 + Math.floor(random() * 40) * 10),
      brand_id: sometimes(0.2, () => pick(brands)),
      color_id: sometimes(0.2, () => pick(colors)),
      size_id: sometimes(0.15, () => pick(sizes)),
      rating: sometimes(0.15, () => 4),
      in_stock: sometimes(0.2, () => 'true'),
      sort_type: sometimes(0.8, () => pick(sorts)),
      page: random() < 0.7 ? 1 : 2 + Math.floor(random() * 2),
    };
    return `/api/products?${new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== undefined))}`;
  };
  return () => {
    let path;
    do path = next();
    while (sent.has(path));
    sent.add(path);
    return path;
  };
}

/** Every product a shopper can open, by id: the bulk products are the newest ids but not the newest products. */
async function activeProductIds() {
  return withBenchDatabase(async (client) => {
    return (await client.query(`select id from products where status = 'active' order by id`)).rows.map((row) => row.id);
  });
}

/**
 * The catalogue's products in a walk that never repeats one within a run (a stride prime to the
 * catalogue size), from `offset` on: two scenarios with offsets half the catalogue apart never
 * share a product, so neither warms the other's caches.
 */
function neverRepeatedIds(ids, offset, toPath) {
  let step = 0;
  return () => {
    step += 1;
    return toPath(ids[(offset + step * 7919) % ids.length]);
  };
}

/** Like `run`, for calls with a method, headers and a body: `nextRequest()` gives each request's. */
async function runRequests(title, nextRequest) {
  const result = await load({
    url: `http://127.0.0.1:${port}/`,
    connections,
    duration,
    requests: [{ setupRequest: (request) => ({ ...request, ...nextRequest() }) }],
  });
  return { title, result };
}

/**
 * Shoppers for the commerce scenarios, written straight to the database: `count` signed-in
 * shoppers with an address, bearer token `bench-<run>-<n>` (stored hashed, as the store keeps tokens).
 */
async function addBenchShoppers(client, run, count) {
  await client.query(
    `insert into users (name, email, verified_at)
     select 'Bench Shopper ' || n, format('bench-%s-%s@example.test', $1::text, n), now() from generate_series(1, $2::int) n`,
    [run, count],
  );
  const { rows } = await client.query(
    `with mine as (select id, split_part(split_part(email, '@', 1), '-', 3)::int as n from users where email like format('bench-%s-%%', $1::text)),
     tokens as (insert into auth_tokens (user_id, token_hash, expires_at)
       select id, encode(sha256(convert_to(format('bench-%s-%s', $1::text, n), 'UTF8')), 'hex'), now() + interval '1 day' from mine),
     places as (insert into addresses (user_id, name, phone, area, city, address_line, is_default)
       select id, 'Bench Shopper', '2025550123', 'Bench Area', 'Bench City', '1 Bench Street', true from mine returning id, user_id)
     select mine.id, mine.n, places.id as address_id from mine join places on places.user_id = mine.id order by mine.n`,
    [run],
  );
  return rows.map((row) => ({ userId: row.id, addressId: row.address_id, authorization: `Bearer bench-${run}-${row.n}` }));
}

/** Add to cart, checkout pricing and place-order, each by many shoppers, on products with stock that never runs out. */
async function commerceScenarios() {
  return withBenchDatabase(async (client) => {
    const run = Date.now().toString(36);
    // 100 products without colours or sizes (a cart add needs no choice), with stock that never runs out.
    // Such a product sells as its one variant: the variant holds the stock, the product its sum.
    const { rows: stocked } = await client.query(
      `with chosen as (
         select p.id from products p where status = 'active'
           and not exists (select 1 from product_colors c where c.product_id = p.id)
           and not exists (select 1 from product_sizes s where s.product_id = p.id)
           and (select count(*) from product_variants v where v.product_id = p.id and v.is_active) = 1
         order by id limit 100),
       variants as (update product_variants v set stock = 100000000 from chosen where v.product_id = chosen.id and v.is_active returning v.product_id, v.id)
       update products p set stock = 100000000 from variants where p.id = variants.product_id
       returning p.id, p.shop_id, p.unit, variants.id as variant_id`,
    );
    const hot = stocked[0];
    const pool = Math.max(5000, duration * 800);
    const cartShoppers = await addBenchShoppers(client, `${run}c`, 2000);
    const spreadShoppers = await addBenchShoppers(client, `${run}s`, pool);
    const hotShoppers = await addBenchShoppers(client, `${run}h`, pool);
    const fillCarts = (shoppers, productOf) =>
      client.query(`insert into cart_items (user_id, product_id, variant_id, quantity, unit) select * from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[])`, [
        shoppers.map((shopper) => shopper.userId),
        shoppers.map((_, index) => productOf(index).id),
        shoppers.map((_, index) => productOf(index).variant_id),
        shoppers.map(() => 1),
        shoppers.map((_, index) => productOf(index).unit),
      ]);
    await fillCarts(spreadShoppers, (index) => stocked[index % stocked.length]);
    await fillCarts(hotShoppers, () => hot);
    await client.query('analyze');

    const json = (authorization, extra = {}) => ({ 'content-type': 'application/json', authorization, ...extra });
    let next = 0;
    const rotating = (shoppers) => shoppers[next++ % shoppers.length];
    /** Each shopper's one cart line is ordered once; past the pool's end the requests fail (and show as errors). */
    const taking = (shoppers) => {
      let used = 0;
      return () => {
        const index = Math.min(used++, shoppers.length - 1);
        return { shopper: shoppers[index], index };
      };
    };
    const nextSpread = taking(spreadShoppers);
    const nextHot = taking(hotShoppers);
    const placeOrder = (shopper, product) => ({
      method: 'POST',
      path: '/api/place-order',
      headers: json(shopper.authorization, { 'idempotency-key': `${run}-${next++}` }),
      body: JSON.stringify({ shop_ids: [product.shop_id], address_id: shopper.addressId, payment_method: 'cash' }),
    });
    const scenarios = [
      ['add to cart', () => ({ method: 'POST', path: '/api/cart/store', headers: json(rotating(cartShoppers).authorization), body: JSON.stringify({ product_id: stocked[next % stocked.length].id, quantity: 1 }) })],
      ['cart checkout (pricing)', () => ({ method: 'POST', path: '/api/cart/checkout', headers: json(rotating(cartShoppers).authorization), body: JSON.stringify({ shop_ids: [...new Set(stocked.map((product) => product.shop_id))] }) })],
      ['place order, 100 products', () => {
        const { shopper, index } = nextSpread();
        return placeOrder(shopper, stocked[index % stocked.length]);
      }],
      ['place order, all for one product', () => placeOrder(nextHot().shopper, hot)],
    ];
    const results = [];
    for (const [title, nextRequest] of scenarios) results.push(await runRequests(title, nextRequest));
    return results;
  });
}

/**
 * The console's product list as a catalogue manager uses it (issue 15: p95 ≤ 150 ms server-side at
 * 1,000,000 products): first pages filtered by category and status, searches by part of the name,
 * exact SKUs and a shop's products by name, each varied so that almost none repeats.
 */
/**
 * A console member written straight to the database, signed in with bearer token `bench-<role>-<run>`:
 * a store role, or `shop_staff` of `shopId` with `permissions`. Answers the headers that sign its requests in.
 */
async function addConsoleMember(client, role, { shopId = null, permissions = [] } = {}) {
  const token = `bench-${role}-${Date.now()}`;
  const { rows: [member] } = await client.query(`insert into users (name, email, verified_at) values ($1, $2, now()) returning id`, [`Bench ${role}`, `${token}@example.test`]);
  await client.query(`insert into console_members (user_id, role, shop_id, permissions) values ($1, $2, $3, $4)`, [member.id, role, shopId, permissions]);
  await client.query(`insert into auth_tokens (user_id, token_hash, expires_at) values ($1, encode(sha256(convert_to($2, 'UTF8')), 'hex'), now() + interval '1 day')`, [member.id, token]);
  return { authorization: `Bearer ${token}` };
}

async function consoleScenarios(productIds) {
  return withBenchDatabase(async (client) => {
    const headers = await addConsoleMember(client, 'catalogue_manager');
    const { rows: skus } = await client.query('select sku from product_variants where product_id = any($1::int[])', [Array.from({ length: 2000 }, (_, index) => productIds[(index * 7919) % productIds.length])]);
    const { rows: shopRows } = await client.query('select id from shops order by id');
    let step = 0;
    const next = (path) => () => ({ method: 'GET', path: path(++step), headers });
    const statuses = ['active', 'draft', 'archived'];
    return [
      await runRequests('console products, first page by category and status', next((n) => `/api/console/products?limit=20&category_id=${1 + (n % 8)}&status=${statuses[Math.floor(n / 8) % 3]}`)),
      await runRequests('console products, searched by part of the name', next((n) => `/api/console/products?limit=20&search=${words[n % words.length]}${n % 3 === 0 ? '' : words[(n * 7) % words.length].slice(0, 3)}`)),
      await runRequests('console products, by exact SKU', next((n) => `/api/console/products?limit=20&sku=${encodeURIComponent(skus[n % skus.length].sku)}`)),
      await runRequests("console products, a shop's by name", next((n) => `/api/console/products?limit=20&sort=name&shop_id=${shopRows[n % shopRows.length].id}`)),
    ];
  });
}

/**
 * The console's order lists and order page (Console II: p95 ≤ 150 ms server-side at 1,000,000
 * orders, `--orders`): store staff by status tab, by shop, by month, by payment, searching by order
 * number, e-mail and phone; a seller's own shop; single orders. Each varied so that almost none repeats.
 */
async function consoleOrderScenarios() {
  return withBenchDatabase(async (client) => {
    const { rows: [{ max_id: maxOrderId, customers }] } = await client.query(`select max(id)::int as max_id, (select count(*)::int from users where email like 'bulk-customer-%') as customers from orders`);
    const { rows: shopRows } = await client.query('select shop_id as id, count(*)::int as orders from orders group by shop_id order by count(*) desc');
    const staff = await addConsoleMember(client, 'order_manager');
    const seller = await addConsoleMember(client, 'shop_staff', { shopId: shopRows[0].id, permissions: ['orders.read'] });
    const statuses = ['pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered', 'cancelled'];
    const orderId = (n) => 1 + ((n * 7919) % maxOrderId);
    const customer = (n) => 1 + ((n * 104_729) % Math.max(1, customers));
    const month = (n) => {
      const start = new Date(Date.UTC(2025, n % 24, 1));
      return `date_from=${start.toISOString().slice(0, 10)}&date_to=${new Date(Date.UTC(2025, (n % 24) + 1, 0)).toISOString().slice(0, 10)}`;
    };
    const searches = [(n) => `OS${100000 + orderId(n)}`, (n) => `bulk-customer-${customer(n)}`, (n) => `${7000000000 + customer(n)}`.slice(0, 8)];
    let step = 0;
    const as = (headers, path) => () => ({ method: 'GET', path: path(++step), headers });
    const scenarios = [
      ['console orders, a status tab', as(staff, (n) => `/api/console/orders?limit=25&status=${statuses[n % 7]}`)],
      ["console orders, a shop's status tab", as(staff, (n) => `/api/console/orders?limit=25&shop_id=${shopRows[n % shopRows.length].id}&status=${statuses[Math.floor(n / shopRows.length) % 7]}`)],
      ['console orders, a month', as(staff, (n) => `/api/console/orders?limit=25&${month(n)}`)],
      ['console orders, by payment method and state', as(staff, (n) => `/api/console/orders?limit=25&payment_method=${n % 2 ? 'stripe' : 'cash'}&payment_state=${n % 4 < 2 ? 'paid' : 'unpaid'}`)],
      ['console orders, searched by number, e-mail or phone', as(staff, (n) => `/api/console/orders?limit=25&search=${encodeURIComponent(searches[n % 3](n))}`)],
      ["console orders, a seller's status tab", as(seller, (n) => `/api/console/orders?limit=25&status=${statuses[n % 7]}`)],
      ['console orders, one order', as(staff, (n) => `/api/console/orders/${orderId(n)}`)],
    ].filter(([title]) => chosen(title));
    const results = [];
    for (const [title, nextRequest] of scenarios) results.push(await runRequests(title, nextRequest));
    return results;
  });
}

/**
 * The dashboards (decision 055: p95 ≤ 300 ms server-side over a 90-day range at 1,000,000 orders,
 * `--orders`): the store's owner and a shop's owner, 90 chosen days (each request another window),
 * the last 30 days and today. Measured once the server's rollup job has filled the daily rollups.
 */
async function consoleDashboardScenarios() {
  return withBenchDatabase(async (client) => {
    for (let waited = 0; (await client.query('select 1 from dashboard_rollup_state')).rowCount === 0; waited += 1) {
      if (waited > 1200) throw new Error('The dashboard rollup job did not run within 10 minutes.');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const { rows: [{ last_day: lastDay }] } = await client.query(`select (max(created_at) at time zone 'UTC')::date::text as last_day from orders`);
    const { rows: [busiest] } = await client.query('select shop_id as id from orders group by shop_id order by count(*) desc limit 1');
    const owner = await addConsoleMember(client, 'owner');
    const seller = await addConsoleMember(client, 'shop_staff', { shopId: busiest.id, permissions: ['orders.read'] });
    const day = (offset) => new Date(Date.parse(`${lastDay}T00:00:00Z`) - offset * 86_400_000).toISOString().slice(0, 10);
    const ninetyDays = (n) => `range=custom&from=${day(89 + (n % 180))}&to=${day(n % 180)}`;
    let step = 0;
    const as = (headers, path) => () => ({ method: 'GET', path: path(++step), headers });
    const scenarios = [
      ["dashboard, the store's 90 days", as(owner, (n) => `/api/console/dashboard?${ninetyDays(n)}`)],
      ["dashboard, a shop's 90 days", as(seller, (n) => `/api/console/dashboard?${ninetyDays(n)}`)],
      ["dashboard, the store's 30 days and today", as(owner, (n) => `/api/console/dashboard?range=${n % 2 ? '30d' : 'today'}`)],
    ].filter(([title]) => chosen(title));
    const results = [];
    for (const [title, nextRequest] of scenarios) results.push(await runRequests(title, nextRequest));
    return results;
  });
}

/** The tables printed, for `--save`. */
const tables = [];
const cpuMs = (milliseconds) => (milliseconds === undefined ? null : Number(Math.max(0, milliseconds).toFixed(2)));

/** One table of results under its heading, as docs/benchmarks.md shows them. */
function printTable(heading, rows, tail = 'p99') {
  tables.push({ heading, rows: rows.map(({ title, result }) => ({ scenario: title, req_s: Math.round(result.requests.average), p50_ms: result.latency.p50, [`${tail}_ms`]: result.latency[tail], errors: result.errors + result.non2xx, server_cpu_ms_per_req: cpuMs(result.cpu?.server), postgres_cpu_ms_per_req: cpuMs(result.cpu?.postgres) })) });
  console.log(`\n${heading}\n`);
  console.log(`| scenario | req/s | p50 ms | ${tail.replace('_', '.')} ms | errors | server CPU ms/req | PostgreSQL CPU ms/req |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  // A PostgreSQL process that ended during the run takes its CPU time out of the sum: never below 0.
  const cpu = (milliseconds) => (milliseconds === undefined ? '' : Math.max(0, milliseconds).toFixed(2));
  for (const { title, result } of rows) {
    const cells = [Math.round(result.requests.average), result.latency.p50, result.latency[tail], result.errors + result.non2xx, cpu(result.cpu?.server), cpu(result.cpu?.postgres)];
    console.log(`| ${title} | ${cells.join(' | ')} |`);
  }
}

/** `--save`: the run's raw figures as docs/benchmarks/<date>-<scenario>.json, for the tables of docs/benchmarks.md. */
function saveRun(memory, loadAtStart) {
  const count = (n) => (n >= 1_000_000 ? `${n / 1_000_000}m` : n >= 1000 ? `${n / 1000}k` : String(n));
  const date = new Date().toISOString().slice(0, 10);
  const scenario = [products > 0 ? `products-${count(products)}` : 'demo', orders > 0 && `orders-${count(orders)}`, only && only.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')].filter(Boolean).join('-');
  const git = (...gitArgs) => spawnSync('git', gitArgs, { encoding: 'utf8' }).stdout.trim();
  const file = path.join('docs', 'benchmarks', `${date}-${scenario}.json`);
  const run = {
    command: `npm run bench -- ${args.map((arg) => (/[^\w./-]/.test(arg) ? `'${arg}'` : arg)).join(' ')}`.trim(),
    commit: `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : ''}`,
    date,
    machine: `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node.js ${process.version}`,
    load_note: `load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`,
    tables,
    server_rss_mb: memory,
  };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  console.log(`\nFigures written to ${file}.`);
}

const loadAtStart = loadavg()[0];
ensureBuild();
await buildServer();
await prepareDatabase();
const server = await startServer();
serverPid = server.pid;
try {
  const sample = await (await fetch(`http://127.0.0.1:${port}/api/products?per_page=1&sort_type=top_selling`)).json();
  const productId = sample.data.products[0].id;
  const productIds = await activeProductIds();
  const vocabulary = await searchVocabulary();
  const arabicVocabulary = await searchVocabulary('ar');
  const scenarios = [
    ['listing, page 1, no filter', '/api/products?page=1'],
    ['full-text search', '/api/products?search=wireless%20headphones'],
    ['filtered listing', '/api/products?category_id=1&min_price=10&max_price=200&sort_type=low_to_high'],
    ['product details (API)', `/api/products/${productId}`],
    ['product page (HTML with SEO head)', `/products/${productId}/details`],
    ['home (API)', '/api/home'],
    ['home page (HTML, server-rendered)', '/'],
    [`search, never-repeated terms from ${vocabulary.size.toLocaleString('en-US')} words, typos included`, variedSearch(vocabulary)],
    ...(arabicVocabulary.size > 0
      ? [[`search in Arabic, never-repeated terms from ${arabicVocabulary.size.toLocaleString('en-US')} words, typos and letter forms included`, variedSearch(arabicVocabulary, { letters: ARABIC_LETTERS, headers: { 'accept-language': 'ar' } })]]
      : []),
    ['listing, never-repeated filters', variedListing(await listingChoices())],
    ['product details (API), never-repeated ids', neverRepeatedIds(productIds, 0, (id) => `/api/products/${id}`)],
    ['product page (HTML, server-rendered), never-repeated ids', neverRepeatedIds(productIds, Math.floor(productIds.length / 2), (id) => `/products/${id}/details`)],
  ].filter(([title]) => chosen(title));
  for (const [, path] of scenarios) {
    const next = typeof path === 'function' ? path() : path;
    await fetch(`http://127.0.0.1:${port}${typeof next === 'string' ? next : next.path}`); // warm plans
  }
  const results = [];
  for (const [title, path] of scenarios) results.push(await run(title, path));
  const storm = chosen('login storm') ? await loginStorm() : [];
  const consoleLists = chosen('console') ? await consoleScenarios(productIds) : [];
  const orderLists = orders > 0 ? await consoleOrderScenarios() : [];
  const dashboards = orders > 0 ? await consoleDashboardScenarios() : [];

  const catalogue = products > 0 ? `demo + ${products.toLocaleString('en-US')} products` : 'demo catalogue';
  if (results.length > 0) printTable(`Benchmark: ${catalogue}, ${connections} connections, ${duration} s each`, results);
  if (storm.length > 0) {
    printTable(`Login storm: ${STORM_CONNECTIONS} connections of bad logins (OWASP scrypt) from ${STORM_ADDRESSES} addresses beside ${SHOPPER_CONNECTIONS} on the home page and a quiet shopper signing in, ${duration} s`, storm);
  }
  if (orderLists.length > 0) printTable(`Console orders: demo + ${orders.toLocaleString('en-US')} orders, ${connections} connections, ${duration} s each (autocannon gives p97.5, not p95)`, orderLists, 'p97_5');
  if (dashboards.length > 0) printTable(`Dashboards: demo + ${orders.toLocaleString('en-US')} orders, ${connections} connections, ${duration} s each (autocannon gives p97.5, not p95)`, dashboards, 'p97_5');
  if (consoleLists.length > 0) printTable(`Console product list: a catalogue manager, ${connections} connections, ${duration} s each (autocannon gives p97.5, not p95)`, consoleLists, 'p97_5');
  if (only === undefined ? !args.includes('--no-commerce') : only === 'commerce') {
    printTable(`Commerce: signed-in shoppers, cash on delivery, ${connections} connections, ${duration} s each`, await commerceScenarios());
  }
  const memory = serverMemory(server.pid);
  console.log(`\nServer memory (RSS): ${memory.rss} MB now, ${memory.peak} MB at its peak.`);
  if (save) saveRun(memory, loadAtStart);
  if (only === undefined && !args.includes('--no-explain')) {
    console.log('\nQuery plans:');
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/explain-catalog.ts'], { stdio: 'inherit', env });
  }
} finally {
  server.kill('SIGTERM');
}
