import { CART_SLIDE_MS } from '@shop/contract/constants';
import type { ReactNode } from 'react';
import { type DialogProps, useDialog } from './use-dialog';

interface DrawerProps extends DialogProps {
  labelledBy: string;
  children: ReactNode;
}

/** A panel sliding in from the right (the cart panel), a third of the screen from medium screens up. */
export function Drawer({ open, onClose, labelledBy, children }: DrawerProps) {
  const { ref, visible } = useDialog(open, onClose, CART_SLIDE_MS);
  const duration = { transitionDuration: `${CART_SLIDE_MS}ms` };
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className="m-0 h-dvh max-h-none w-full max-w-none overflow-hidden bg-transparent p-0 backdrop:bg-transparent"
    >
      <div
        aria-hidden="true"
        onClick={onClose}
        style={duration}
        className={`fixed inset-0 bg-ink/40 transition-opacity ${visible ? 'opacity-100' : 'opacity-0'}`}
      />
      <div
        style={duration}
        className={`fixed inset-y-0 right-0 flex w-full flex-col bg-ivory shadow-2xl transition-transform ease-drawer md:w-1/3 md:min-w-[26rem] ${visible ? 'translate-x-0' : 'translate-x-full'}`}
      >
        {children}
      </div>
    </dialog>
  );
}
