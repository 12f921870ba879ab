import { confirmAction } from '../../ui/alerts';

/** SPEC.md 5: every delete asks "Are you sure?" first, with the text of what is deleted. */
export function confirmDelete(text: string): Promise<boolean> {
  return confirmAction({
    title: 'Are you sure?',
    text,
    icon: 'warning',
    confirmButtonText: 'Yes, delete it!',
    destructive: true,
  });
}
