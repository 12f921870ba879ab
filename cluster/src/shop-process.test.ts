import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, SHOP_NODE_FLAGS, SHOP_SERVER } from './shop-process';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

describe("the shop's V8 settings", () => {
  it('are the same in npm start and the image as in every shop the cluster and the bench start', () => {
    const startOf = (file: string) => (JSON.parse(read(file)) as { scripts: { start: string } }).scripts.start;
    const node = `exec node ${SHOP_NODE_FLAGS.join(' ')}`;
    expect(startOf('apps/api/package.json')).toBe(`npm run build && ${node} dist/server.js`);
    expect(startOf('package.json').endsWith(`&& npm run build -w apps/api && ${node} ${SHOP_SERVER}`)).toBe(true);
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SHOP_NODE_FLAGS, SHOP_SERVER]);
  });
});
