import { useCallback, useState } from 'react';
import { keepForTab, loadForTab } from '../../lib/tab-storage';

/**
 * The e-mail a guest gives in the cart, kept for the tab like the applied discount code. Optional: the
 * payment page asks for it otherwise. With a discount code it is needed, as a code's limit per customer
 * is counted per e-mail.
 */
const GUEST_EMAIL_KEY = 'guest-email';

/**
 * Whether the text looks like an e-mail, to send it: the server checks it fully and says why it refuses.
 * Kept this small so the cart's code carries no schema library.
 */
export const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

export function useGuestEmail(): [string, (email: string) => void] {
  const [email, setEmail] = useState(() => loadForTab(GUEST_EMAIL_KEY, 254) ?? '');
  const keep = useCallback((next: string) => {
    setEmail(next);
    keepForTab(GUEST_EMAIL_KEY, next.trim() || null, 'the e-mail');
  }, []);
  return [email, keep];
}
