import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../lib/query-client.ts';

/** Imported by the apps' render helpers: each component test starts with an empty page, cache, storage and network. */

// A test types through a whole form key by key; on a busy two-core machine that can take longer than vitest's 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  queryClient().clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

// happy-dom gives a <bdi> (user text inside a translated sentence) no `display`, so accessible names
// would get spaces around it that browsers, which draw it inline, do not add.
const inlineIsolates = document.createElement('style');
inlineIsolates.textContent = 'bdi { display: inline; }';
document.head.append(inlineIsolates);
