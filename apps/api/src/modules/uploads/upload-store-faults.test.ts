import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { STORAGE_MESSAGES } from './image-storage';

/**
 * The uploads folder on a store that is full, and on one that is read-only: real file systems (small
 * tmpfs mounts), so the errors are the kernel's own. Mounting needs root, which CI has.
 */
const canMount = process.getuid?.() === 0;
const mounts: string[] = [];

function mountTmpfs(options: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-store-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of mounts) {
    execFileSync('umount', [dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function uploadTo(dataDir: string) {
  const t: TestApp = await createTestApp({ env: { DATA_DIR: dataDir } });
  try {
    const admin = await createAdmin(t.db);
    // Noise compresses badly: the three WebP files need far more than the store has left.
    const noise = Buffer.alloc(1200 * 900 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } })
      .png()
      .toBuffer();
    return await t.app.inject({
      method: 'POST',
      url: '/api/uploadImage',
      headers: admin.headers,
      payload: { image: `data:image/png;base64,${png.toString('base64')}` },
    });
  } finally {
    await t.app.close();
    await t.database.drop();
  }
}

describe.runIf(canMount)('uploads onto a store that cannot take them', () => {
  let full: string;
  let readOnly: string;
  beforeAll(() => {
    full = mountTmpfs('size=256k');
    // Read-only with the uploads folder already there, as a volume mounted read-only would be.
    readOnly = mountTmpfs('size=64k');
    fs.mkdirSync(path.join(readOnly, 'uploads'));
    execFileSync('mount', ['-o', 'remount,ro', readOnly]);
  });

  it('answers 507 on a full store and leaves no file behind', async () => {
    const res = await uploadTo(full);
    expect([res.statusCode, res.json()]).toEqual([507, { message: STORAGE_MESSAGES.full }]);
    expect(fs.readdirSync(path.join(full, 'uploads'))).toEqual([]);
  });

  it('answers 503 on a read-only store', async () => {
    const res = await uploadTo(readOnly);
    expect([res.statusCode, res.json()]).toEqual([503, { message: STORAGE_MESSAGES.unwritable }]);
    expect(fs.readdirSync(path.join(readOnly, 'uploads'))).toEqual([]);
  });
});
