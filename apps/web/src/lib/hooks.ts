import { useDispatch } from 'react-redux';
import type { UnknownAction } from 'redux';
import type { ThunkDispatch } from 'redux-thunk';

/** The store's dispatch: its thunk middleware also runs functions, which is what RTK Query's calls are. */
export type AppDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
