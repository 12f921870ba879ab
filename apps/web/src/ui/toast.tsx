import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

export type ToastTone = 'info' | 'success' | 'error';
type Notify = (message: string, tone?: ToastTone) => void;

interface ToastEntry {
  id: number;
  message: string;
  tone: ToastTone;
}

const TOAST_MS = 4000;
const ToastContext = createContext<Notify>(() => {});

const toneClass: Record<ToastTone, string> = {
  info: 'border-sand bg-white text-ink',
  success: 'border-go/30 bg-white text-ink',
  error: 'border-stop/40 bg-white text-stop-dark',
};
const toneDot: Record<ToastTone, string> = { info: 'bg-clay', success: 'bg-go', error: 'bg-stop' };

/** Short, non-blocking messages; the live region exists from the start so screen readers announce them. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const notify = useCallback<Notify>((message, tone = 'info') => {
    const id = nextId.current++;
    setToasts((list) => [...list.filter((t) => t.message !== message), { id, message, tone }].slice(-3));
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), TOAST_MS);
  }, []);
  const value = useMemo(() => notify, [notify]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
      >
        {toasts.map((t) => (
          <p
            key={t.id}
            className={`flex max-w-md items-center gap-3 rounded-full border px-5 py-3 text-sm shadow-lg shadow-ink/5 ${toneClass[t.tone]}`}
          >
            <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${toneDot[t.tone]}`} />
            {t.message}
          </p>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
