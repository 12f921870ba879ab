/** Where a combobox stands: whether its list shows, and which option is active (-1: none, the text box is). */
export interface ComboboxState {
  open: boolean;
  active: number;
}

export interface ComboboxKeyOutcome extends ComboboxState {
  /** The option the key chose, to be opened. */
  chosen?: number;
  /** Whether the key was the combobox's, so the browser must not also act on it (submit, move the caret). */
  handled: boolean;
}

const CLOSED: ComboboxState = { open: false, active: -1 };

/**
 * A key pressed in a combobox's text box, as the WAI-ARIA combobox pattern has it: the arrows move through
 * the options and wrap round, opening the list when it is closed; Enter opens the active option, or is the
 * form's when none is; Escape closes the list; Tab leaves it. Every other key is the text box's own.
 */
export function comboboxKey(state: ComboboxState, key: string, optionCount: number): ComboboxKeyOutcome {
  const last = optionCount - 1;
  switch (key) {
    case 'ArrowDown':
      if (optionCount === 0) return { ...CLOSED, handled: false };
      return { open: true, active: state.open && state.active < last ? state.active + 1 : 0, handled: true };
    case 'ArrowUp':
      if (optionCount === 0) return { ...CLOSED, handled: false };
      return { open: true, active: state.open && state.active > 0 ? state.active - 1 : last, handled: true };
    case 'Enter':
      if (state.open && state.active >= 0 && state.active <= last) {
        return { ...CLOSED, chosen: state.active, handled: true };
      }
      return { ...CLOSED, handled: false };
    case 'Escape':
      return { ...CLOSED, handled: state.open && optionCount > 0 };
    case 'Tab':
      return { ...CLOSED, handled: false };
    default:
      return { ...state, handled: false };
  }
}
