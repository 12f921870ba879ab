import { useEffect, useRef, useState } from 'react';

/** What every dialog is told by its page: whether it shows, and how it asks to close. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Drives a native <dialog> as a modal: the browser moves focus into it, keeps it there and gives it back
 * on close. `visible` turns on one frame after opening and off `durationMs` before closing, so CSS
 * transitions can play both ways.
 */
export function useDialog(open: boolean, onClose: () => void, durationMs: number) {
  const ref = useRef<HTMLDialogElement>(null);
  const [visible, setVisible] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      if (!dialog.open) dialog.showModal();
      const frame = requestAnimationFrame(() => setVisible(true));
      return () => cancelAnimationFrame(frame);
    }
    setVisible(false);
    if (!dialog.open) return;
    const timer = setTimeout(() => dialog.close(), durationMs);
    return () => clearTimeout(timer);
  }, [open, durationMs]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape would close the dialog at once; route it through onClose so the closing animation plays.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, []);

  return { ref, visible };
}
