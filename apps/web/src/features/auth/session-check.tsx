import { useSessionCheck } from './use-session-check';

/** The session check as a component, so the storefront loads its code only when someone is logged in. */
export function SessionCheck() {
  useSessionCheck();
  return null;
}
