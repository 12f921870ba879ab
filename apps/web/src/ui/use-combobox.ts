import { type KeyboardEvent, type MouseEvent, useId, useState } from 'react';
import { type ComboboxState, comboboxKey } from './combobox-keys';

/** The ARIA of a combobox's text box and its options, for the state it is in. */
export function comboboxAria(id: string, state: ComboboxState, optionCount: number) {
  const expanded = state.open && optionCount > 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  return {
    expanded,
    listboxId: `${id}-listbox`,
    optionId,
    input: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': expanded,
      'aria-controls': `${id}-listbox`,
      'aria-activedescendant': expanded && state.active >= 0 ? optionId(state.active) : undefined,
    },
    option: (index: number) => ({ id: optionId(index), role: 'option', 'aria-selected': index === state.active }),
  } as const;
}

export type ComboboxAria = ReturnType<typeof comboboxAria>;

/**
 * A text box with a list of options under it (the WAI-ARIA combobox pattern): focus stays in the text box and
 * the active option is only pointed at, so typing goes on while the arrows move. The list opens as the shopper
 * types and closes on a choice, Escape, Tab or leaving the box. A new list of options starts with none active.
 */
export function useCombobox<T>(options: readonly T[], onChoose: (option: T) => void) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [cursor, setCursor] = useState({ options, active: -1 });
  const state: ComboboxState = { open, active: cursor.options === options ? cursor.active : -1 };
  const aria = comboboxAria(id, state, options.length);

  const moveTo = (next: ComboboxState) => {
    setOpen(next.open);
    setCursor({ options, active: next.active });
  };
  const choose = (index: number) => {
    moveTo({ open: false, active: -1 });
    const option = options[index];
    if (option !== undefined) onChoose(option);
  };

  return {
    ...aria,
    /** The text changed: the list shows again for the new text. */
    reopen: () => moveTo({ open: true, active: -1 }),
    close: () => moveTo({ open: false, active: -1 }),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      const outcome = comboboxKey(state, event.key, options.length);
      if (outcome.handled) event.preventDefault();
      moveTo(outcome);
      if (outcome.chosen !== undefined) choose(outcome.chosen);
    },
    optionProps: (index: number) => ({
      ...aria.option(index),
      // Pressing an option must not take the focus from the text box, or the list would close before the click.
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onClick: () => choose(index),
    }),
  };
}

export type Combobox = ReturnType<typeof useCombobox>;
