import { KeptText } from '../../platform/kept-text';

/**
 * A catalogue answer's JSON kept as it is. `shows` names the products it shows when its maker knows them,
 * so the cache finds its tags without parsing it.
 */
export class JsonText extends KeptText {
  constructor(
    text: string,
    readonly shows?: readonly string[],
  ) {
    super(text);
  }
}
