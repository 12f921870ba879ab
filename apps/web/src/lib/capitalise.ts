/** A contract word (a category, a colour) as a label shows it: its first letter in capitals. */
export const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
