import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, SHOP_NODE_FLAGS } from './shop-process';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

describe("the shop's V8 settings", () => {
  it('are the same in npm start and the image as in every shop the cluster and the bench start', () => {
    const start = (JSON.parse(read('apps/api/package.json')) as { scripts: { start: string } }).scripts.start;
    expect(start).toBe(`node ${SHOP_NODE_FLAGS.join(' ')} --import tsx src/server.ts`);
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SHOP_NODE_FLAGS, '--import', 'tsx', 'apps/api/src/server.ts']);
  });
});
