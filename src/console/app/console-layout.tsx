import { useCallback, useState } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from '../../client/lib/i18n.ts';
import type { ConsoleMe } from '../../shared/console.contract.ts';
import { CommandPalette } from '../features/command-palette/command-palette.tsx';
import { useConsoleShortcuts } from '../features/command-palette/keyboard-shortcuts.ts';
import { consoleSearchSources, sourcesAllowed } from '../features/command-palette/palette-search.ts';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { pagesAllowed } from '../features/navigation/console-navigation.ts';
import { ComingSoonPage, NoSuchPage } from '../features/navigation/placeholder-pages.tsx';
import { Sidebar } from '../features/shell/sidebar.tsx';
import { TopBar } from '../features/shell/top-bar.tsx';

/** The signed-in console: the sidebar and the routes of the pages this person may open, the top bar, the palette. */
export function ConsoleLayout({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const pages = pagesAllowed(me.permissions);
  const [paletteOpen, setPaletteOpen] = useState(false);
  useConsoleShortcuts(useCallback(() => setPaletteOpen((open) => !open), []));

  return (
    <div className="min-h-screen md:grid md:grid-cols-[15rem_minmax(0,1fr)]">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t('Skip to content')}
      </a>
      <Sidebar pages={pages} />
      <div className="flex min-w-0 flex-col">
        <TopBar me={me} onOpenPalette={() => setPaletteOpen(true)} />
        <main id="main" tabIndex={-1} className="flex-1 p-6 focus:outline-none">
          <Routes>
            {pages.map((page) => (
              <Route key={page.id} path={page.path} element={page.id === 'dashboard' ? <DashboardPage me={me} /> : <ComingSoonPage page={page} />} />
            ))}
            <Route path="*" element={<NoSuchPage />} />
          </Routes>
        </main>
      </div>
      <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} pages={pages} sources={sourcesAllowed(consoleSearchSources, me.permissions)} />
    </div>
  );
}
