import { DEFAULT_RETURN_WINDOW_DAYS } from '@shop/contract/returns';
import { positiveInt } from './config-values';

/** The environment's settings of returns, parsed with every other setting by config.ts's one schema. */
export const returnsEnv = {
  /** Return requests one customer may make a minute (each may hold an exchange's size for weeks). */
  RETURN_REQUESTS_PER_USER_PER_MINUTE: positiveInt(10),
  /** Days after an order is first shipped (or completed) that its customer may ask to return it. */
  RETURN_WINDOW_DAYS: positiveInt(DEFAULT_RETURN_WINDOW_DAYS),
};
