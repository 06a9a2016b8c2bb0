import { createContext, useContext, useState, type ReactNode } from 'react';

const NoticeContext = createContext<(message: string) => void>(() => undefined);

/** What the last action on the products screens answered, read out politely and kept across their pages. */
export function ProductNotices({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  return (
    <NoticeContext value={setMessage}>
      <p role="status" aria-live="polite" className="empty:hidden fixed bottom-6 end-6 z-40 rounded-md bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
        {message}
      </p>
      {children}
    </NoticeContext>
  );
}

/** Shows the server's answer to an action (already in the console's language). */
export const useNotice = () => useContext(NoticeContext);
