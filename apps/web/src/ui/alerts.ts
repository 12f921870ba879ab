import type { SweetAlertIcon } from 'sweetalert2';

/** SweetAlert2 is loaded on first use so it never weighs on the first page load. */
async function loadSwal() {
  const { default: Swal } = await import('sweetalert2');
  return Swal.mixin({
    buttonsStyling: false,
    customClass: {
      popup: 'shop-alert',
      confirmButton: 'btn btn-primary',
      cancelButton: 'btn btn-outline',
      denyButton: 'btn btn-stop',
    },
  });
}

export interface AlertOptions {
  title: string;
  text?: string;
  icon?: SweetAlertIcon;
  confirmButtonText?: string;
  /** Inside an open modal <dialog>, pass it: the alert must render in the dialog's top layer to be seen. */
  target?: HTMLElement | null;
}

export async function showAlert({ title, text, icon, confirmButtonText = 'OK', target }: AlertOptions): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ title, text, icon, confirmButtonText, target: target ?? 'body' });
}

export interface ConfirmOptions extends AlertOptions {
  cancelButtonText?: string;
  /** Confirming destroys something (a delete): the button is red, so it reads as the dangerous choice. */
  destructive?: boolean;
}

/** Resolves true only when the person pressed the confirm button. */
export async function confirmAction({
  title,
  text,
  icon = 'warning',
  confirmButtonText = 'Yes',
  cancelButtonText = 'Cancel',
  destructive = false,
}: ConfirmOptions): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    title,
    text,
    icon,
    iconColor: '#9a4429',
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText,
    reverseButtons: true,
    focusCancel: true,
    customClass: {
      popup: 'shop-alert',
      confirmButton: destructive ? 'btn btn-stop' : 'btn btn-primary',
      cancelButton: 'btn btn-outline',
    },
  });
  return result.isConfirmed;
}
