import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { changeOfNotice, noticesOf } from './shop-events-broadcast';

const self = randomUUID();
const other = randomUUID();

describe('the notifications between instances', () => {
  it('name the products whose stock moved, in notifications that fit a NOTIFY payload', () => {
    const productIds = Array.from({ length: 400 }, () => randomUUID());
    const notices = noticesOf(other, { kind: 'stock', productIds });
    expect(notices.length).toBeGreaterThan(1);
    for (const notice of notices) expect(Buffer.byteLength(notice)).toBeLessThan(8000);
    const heard = notices.map((notice) => changeOfNotice(notice, self));
    expect(heard.flatMap((change) => (change?.kind === 'stock' ? change.productIds : []))).toEqual(productIds);
  });

  it('say anything may have changed after an edit, and so does a payload they cannot read', () => {
    const [edit] = noticesOf(other, { kind: 'any' });
    expect(changeOfNotice(edit ?? '', self)).toEqual({ kind: 'any' });
    // An instance of an older version says only who it is.
    expect(changeOfNotice(other, self)).toEqual({ kind: 'any' });
    expect(changeOfNotice('{"from":"x","stock":[1,2]}', self)).toEqual({ kind: 'any' });
    expect(changeOfNotice('null', self)).toEqual({ kind: 'any' });
  });

  it("are the instance's own when they carry its id, and are then ignored", () => {
    for (const notice of noticesOf(self, { kind: 'stock', productIds: [randomUUID()] })) {
      expect(changeOfNotice(notice, self)).toBeUndefined();
    }
    expect(changeOfNotice(noticesOf(self, { kind: 'any' })[0] ?? '', self)).toBeUndefined();
    expect(changeOfNotice(self, self)).toBeUndefined();
  });
});
