import { registerStore } from '../lib/store-registry';
import { createStore } from './store';

/** The web app's one store, read from this browser's storage when the app starts. */
export const appStore = createStore();
registerStore(appStore);
