import { randomUUID } from 'node:crypto';

/**
 * A concrete URL for a route of the app's route table: each parameter as `id` (a fresh UUID unless
 * given), each wildcard as a word. Tests that walk every route reach the guards with it.
 */
export function concreteUrl(routeUrl: string, id: string = randomUUID()): string {
  return routeUrl.replace(/:\w+(\([^)]*\))?/g, id).replace(/\*/g, 'x');
}
