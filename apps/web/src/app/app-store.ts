import { serverRenderedState } from '../lib/server-rendered';
import { registerStore } from '../lib/store-registry';
import { createStore } from './store';

/** The web app's one store, read from this browser's storage when the app starts. */
export const appStore = createStore();
registerStore(appStore);

/** The state a server-rendered page came with; undefined when the browser renders the page alone. */
export const pageState = serverRenderedState();
