import { useSelector } from 'react-redux';
import type { StateWithAuth } from './auth.slice';

export const useCurrentUser = () => useSelector((state: StateWithAuth) => state.auth.user);
