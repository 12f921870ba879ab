import { useSelector } from 'react-redux';
import type { StateWithCart } from './cart.slice';

export const useCart = () => useSelector((state: StateWithCart) => state.cart);
