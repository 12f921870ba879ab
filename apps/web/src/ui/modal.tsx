import { type ReactNode, useId } from 'react';
import { Button } from './button';
import { CloseIcon } from './icons';
import { type DialogProps, useDialog } from './use-dialog';

interface ModalProps extends DialogProps {
  title: string;
  children: ReactNode;
  closeLabel?: string;
}

const MODAL_MS = 200;

/** A centred modal dialog (the Add a Review form, for example). */
export function Modal({ open, onClose, title, children, closeLabel = 'Close' }: ModalProps) {
  const { ref, visible } = useDialog(open, onClose, MODAL_MS);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-0 h-dvh max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-transparent"
    >
      <div className="grid h-full place-items-center p-4">
        <button
          type="button"
          tabIndex={-1}
          aria-label={closeLabel}
          onClick={onClose}
          className={`fixed inset-0 cursor-default bg-ink/45 transition-opacity duration-200 ${visible ? 'opacity-100' : 'opacity-0'}`}
        />
        <div
          className={`relative w-full max-w-lg rounded-3xl bg-ivory p-6 shadow-2xl transition duration-200 sm:p-8 ${visible ? 'translate-y-0 opacity-100' : 'translate-y-3 opacity-0'}`}
        >
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="font-display text-2xl text-ink">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel}
              className="-mt-1 -mr-2 rounded-full p-2 text-muted hover:bg-linen hover:text-ink"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="mt-5">{children}</div>
        </div>
      </div>
    </dialog>
  );
}

interface ModalActionsProps {
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  className?: string;
}

/** A modal form's last row: Cancel, which closes it, and its submit button, busy while the call runs. */
export function ModalActions({ onCancel, submitLabel, busy, className = 'flex justify-end gap-3' }: ModalActionsProps) {
  return (
    <div className={className}>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
