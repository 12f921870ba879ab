import { describe, expect, it } from 'vitest';
import { type ComboboxKeyOutcome, type ComboboxState, comboboxKey } from './combobox-keys';

/** Presses the keys one after another in a combobox of `optionCount` options, as its text box would. */
function press(keys: string[], optionCount: number, from: ComboboxState = { open: true, active: -1 }) {
  const outcomes: ComboboxKeyOutcome[] = [];
  let state = from;
  for (const key of keys) {
    const outcome = comboboxKey(state, key, optionCount);
    outcomes.push(outcome);
    state = outcome;
  }
  return outcomes;
}

const actives = (outcomes: ComboboxKeyOutcome[]) => outcomes.map((o) => o.active);

describe('a combobox under the keyboard', () => {
  it('moves down and up through the options and wraps round at both ends', () => {
    expect(actives(press(['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown'], 3))).toEqual([0, 1, 2, 0]);
    expect(actives(press(['ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp'], 3))).toEqual([2, 1, 0, 2]);
    expect(press(['ArrowDown', 'ArrowUp'], 3).every((o) => o.handled && o.open)).toBe(true);
  });

  it('opens a closed list with the arrows, on its first option going down and its last going up', () => {
    const closed = { open: false, active: -1 };
    expect(comboboxKey(closed, 'ArrowDown', 4)).toMatchObject({ open: true, active: 0, handled: true });
    expect(comboboxKey(closed, 'ArrowUp', 4)).toMatchObject({ open: true, active: 3, handled: true });
    // A list closed on its second option starts again from the top.
    expect(comboboxKey({ open: false, active: 1 }, 'ArrowDown', 4)).toMatchObject({ active: 0 });
  });

  it('opens the active option with Enter and closes the list, keeping Enter from the form', () => {
    const [, , enter] = press(['ArrowDown', 'ArrowDown', 'Enter'], 3);
    expect(enter).toEqual({ open: false, active: -1, chosen: 1, handled: true });
  });

  it('leaves Enter to the form when no option is active, and closes the list', () => {
    const enter = comboboxKey({ open: true, active: -1 }, 'Enter', 3);
    expect(enter).toEqual({ open: false, active: -1, handled: false });
    expect(comboboxKey({ open: false, active: -1 }, 'Enter', 3).chosen).toBeUndefined();
  });

  it('closes the list with Escape, and leaves Escape to the text box when the list is already closed', () => {
    expect(comboboxKey({ open: true, active: 2 }, 'Escape', 3)).toEqual({ open: false, active: -1, handled: true });
    expect(comboboxKey({ open: false, active: -1 }, 'Escape', 3).handled).toBe(false);
  });

  it('closes the list on Tab and lets the focus leave', () => {
    expect(comboboxKey({ open: true, active: 1 }, 'Tab', 3)).toEqual({ open: false, active: -1, handled: false });
  });

  it('has no option to move to or open when the list is empty', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Enter', 'Escape']) {
      expect(comboboxKey({ open: true, active: -1 }, key, 0)).toEqual({ open: false, active: -1, handled: false });
    }
  });

  it('leaves every other key to the text box, the list as it was', () => {
    for (const key of ['a', 'Home', 'End', 'ArrowLeft', 'Backspace']) {
      expect(comboboxKey({ open: true, active: 1 }, key, 3)).toEqual({ open: true, active: 1, handled: false });
    }
  });
});
