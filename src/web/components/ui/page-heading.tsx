import type { ReactNode } from 'react';

/** The page's title, in its own direction: it may be content (a category's name) or hold some (a search, in `WithUserText`). */
export function PageHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 dir="auto" className="text-2xl font-semibold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
