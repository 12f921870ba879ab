import type { UnknownAction } from 'redux';

/**
 * An action creator with RTK's `createAction` shape (`.type`, `.match`). The slices of the first
 * page's script use it instead of RTK's, whose module would bring Immer and Reselect along
 * (docs/decisions/006).
 */
export function actionCreator<Payload = void>(type: string) {
  type Action = { type: string; payload: Payload };
  const create = (...[payload]: Payload extends void ? [] : [Payload]): Action => ({
    type,
    payload: payload as Payload,
  });
  return Object.assign(create, {
    type,
    match: (action: UnknownAction): action is Action => action.type === type,
  });
}
