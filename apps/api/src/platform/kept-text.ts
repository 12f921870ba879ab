/**
 * A text kept and sent as it is: JSON written by the database, or a rendered page. Caches keep it as the
 * text itself instead of serialising it again, so a page or an answer is written once.
 */
export class KeptText {
  constructor(readonly text: string) {}
}
