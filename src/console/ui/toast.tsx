import { create } from 'zustand';

interface Toast {
  id: number;
  message: string;
  tone: 'success' | 'error';
}

const useToasts = create<{ toasts: Toast[] }>()(() => ({ toasts: [] }));
let nextId = 1;

/** Says what an action did, for a few seconds, in the live region every screen shares. */
export function showToast(message: string, tone: Toast['tone'] = 'success') {
  const id = nextId++;
  useToasts.setState(({ toasts }) => ({ toasts: [...toasts, { id, message, tone }] }));
  setTimeout(() => useToasts.setState(({ toasts }) => ({ toasts: toasts.filter((toast) => toast.id !== id) })), 6000);
}

/** The toasts' live region: screen readers hear each one, sighted people see it at the bottom's end side. */
export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed bottom-4 end-4 z-50 flex flex-col gap-2">
      {toasts.map((toast) => (
        <p key={toast.id} className={`rounded-md px-4 py-3 text-sm shadow-lg ${toast.tone === 'success' ? 'bg-slate-900 text-white' : 'bg-red-700 text-white'}`}>
          {toast.message}
        </p>
      ))}
    </div>
  );
}
