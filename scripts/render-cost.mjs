// node scripts/render-cost.mjs [--base http://127.0.0.1:3400] [--pages 300] [--first-id 1000]
//
// What the server's render of a product page costs by itself: the built render (dist/web-render)
// is given each page's API answers from memory, so neither HTTP nor the database is measured, and
// renders never-repeated product pages one after another on this one thread. It prints the CPU
// time per page for the data alone (route loaders, dehydrating) and for the data and the HTML.
// Needs `npm run build` and a running server with a catalogue (`npm start`, or the benchmark's).
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import path from 'node:path';

const { values } = parseArgs({
  options: { base: { type: 'string', default: 'http://127.0.0.1:3400' }, pages: { type: 'string', default: '300' }, 'first-id': { type: 'string', default: '1000' } },
});
const base = values.base;
const pages = Number(values.pages);
const firstId = Number(values['first-id']);

const { renderPage, ready } = await import(pathToFileURL(path.resolve('dist/web-render/server-render.js')).href);
await ready;
const messages = await (await fetch(`${base}/api/lang/en`)).json();
const messagesOf = () => messages;

/** Every API answer a page asked for, read once from the server and then answered from memory. */
const answers = new Map();
const recordingFetch = async (input, init) => {
  const url = String(input);
  const answer = await fetch(new URL(url, base), init);
  const body = await answer.arrayBuffer();
  answers.set(url, { status: answer.status, type: answer.headers.get('content-type'), body });
  return new Response(body, { status: answer.status, headers: { 'content-type': answer.headers.get('content-type') ?? '' } });
};
const rememberedFetch = async (input) => {
  const answer = answers.get(String(input));
  if (!answer) throw new Error(`Not read beforehand: ${input}`);
  return new Response(answer.body.slice(0), { status: answer.status, headers: { 'content-type': answer.type ?? '' } });
};

const shopper = { locale: 'en', hasCookies: false };
const urls = Array.from({ length: pages }, (_, index) => `/products/${firstId + index}/details`);
for (const url of urls) await renderPage({ url, shopper, fetchApi: recordingFetch, messagesOf, html: false, complete: true });

async function drain(stream) {
  let bytes = 0;
  for await (const chunk of stream) bytes += chunk.length;
  return bytes;
}

/** CPU milliseconds per page (this thread and the collector), for `rounds` passes over the pages. */
async function measure(html, rounds) {
  let bytes = 0;
  const started = process.cpuUsage();
  const startedAt = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const url of urls) {
      const rendered = await renderPage({ url, shopper, fetchApi: rememberedFetch, messagesOf, html, complete: true });
      if (html) bytes += await drain(rendered.html.body);
    }
  }
  const used = process.cpuUsage(started);
  const count = rounds * urls.length;
  return { cpuMs: (used.user + used.system) / 1000 / count, wallMs: (performance.now() - startedAt) / count, bytes: bytes / count };
}

await measure(true, 1); // warm-up: the JIT, the lazily loaded parts
const dataOnly = await measure(false, 3);
const withHtml = await measure(true, 3);
const format = (value) => value.toFixed(2);
console.log(`Product pages (${pages} ids from ${firstId}), answers from memory, one thread:`);
console.log(`| part | CPU ms per page | wall ms per page |`);
console.log(`|---|---:|---:|`);
console.log(`| data (route loaders, dehydrate) | ${format(dataOnly.cpuMs)} | ${format(dataOnly.wallMs)} |`);
console.log(`| data and HTML (React's render, ${Math.round(withHtml.bytes / 1024)} KB) | ${format(withHtml.cpuMs)} | ${format(withHtml.wallMs)} |`);
console.log(`| HTML alone (the difference) | ${format(withHtml.cpuMs - dataOnly.cpuMs)} | ${format(withHtml.wallMs - dataOnly.wallMs)} |`);
