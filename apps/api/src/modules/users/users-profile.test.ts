import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createAdmin, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const NO_SESSION: Headers = {};
const editProfile = (payload: unknown, headers: Headers) =>
  t.app.inject({ method: 'PATCH', url: '/api/auth/edit-profile', payload: payload as object, headers });

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

const profile = {
  username: 'Grace',
  profileImage: 'https://images.example.test/grace.webp',
  profession: 'Tailor',
  bio: 'Makes coats.',
};

describe('PATCH /api/auth/edit-profile', () => {
  it("updates the session's own profile and answers the user", async () => {
    const customer = await createUser(t.db);
    const res = await editProfile({ ...profile, userId: customer.id }, customer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Profile updated successfully',
      user: {
        _id: customer.id,
        email: customer.email,
        role: 'user',
        createdAt: expect.any(String),
        emailConfirmed: false,
        ...profile,
      },
    });
    expect(res.body).not.toMatch(/password|scrypt/i);
    expect(await userRow(customer.id)).toMatchObject(profile);
  });

  it('works without a userId, keeps the bio when it is left out and clears it when empty', async () => {
    const customer = await createUser(t.db);
    expect((await editProfile(profile, customer.headers)).statusCode).toBe(200);
    const { bio: _bio, ...withoutBio } = profile;
    const kept = await editProfile({ ...withoutBio, profession: 'Cutter' }, customer.headers);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().user).toMatchObject({ profession: 'Cutter', bio: profile.bio });
    const cleared = await editProfile({ ...profile, bio: '' }, customer.headers);
    expect(cleared.json().user.bio).toBe('');
    expect((await userRow(customer.id))?.bio).toBe('');
  });

  it('keeps a field that is left out and clears one sent empty, as the seed form sends blanks', async () => {
    const customer = await createUser(t.db);
    expect((await editProfile(profile, customer.headers)).statusCode).toBe(200);
    const kept = await editProfile({ username: 'Only Name' }, customer.headers);
    expect(kept.statusCode).toBe(200);
    const { username: _name, ...rest } = profile;
    expect(kept.json().user).toMatchObject({ username: 'Only Name', ...rest });
    const cleared = await editProfile(
      { username: 'Blank Fields', bio: '', profileImage: '', profession: '  ', userId: customer.id },
      customer.headers,
    );
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().user).toMatchObject({ username: 'Blank Fields', bio: '', profileImage: '', profession: '' });
    expect(await userRow(customer.id)).toMatchObject({ bio: '', profileImage: '', profession: '' });
  });

  it('takes an http(s) address or an uploaded image as the profile image', async () => {
    const customer = await createUser(t.db);
    for (const profileImage of ['https://cdn.example.test/me.jpg', 'http://x.test/a.png', '/uploads/abc.webp']) {
      const res = await editProfile({ ...profile, profileImage }, customer.headers);
      expect([res.statusCode, res.json().user?.profileImage]).toEqual([200, profileImage]);
    }
  });

  it("refuses another user's id in the body with 403 and changes nobody", async () => {
    const customer = await createUser(t.db);
    const other = await createUser(t.db);
    const admin = await createAdmin(t.db);
    for (const actor of [customer, admin]) {
      const res = await editProfile({ ...profile, userId: other.id }, actor.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You can only edit your own profile' });
      expect(await userRow(actor.id)).toMatchObject({ username: actor.username, bio: '' });
    }
    expect(await userRow(other.id)).toMatchObject({ username: other.username, profession: '', bio: '' });
  });

  it('ignores a role or an e-mail in the body', async () => {
    const customer = await createUser(t.db);
    const res = await editProfile({ ...profile, role: 'admin', email: 'taken@example.test' }, customer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'user', email: customer.email });
    expect(await userRow(customer.id)).toMatchObject({ role: 'user', email: customer.email });
  });

  it('lets an admin edit their own profile', async () => {
    const admin = await createAdmin(t.db);
    const res = await editProfile(profile, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: admin.id, role: 'admin', ...profile });
  });

  it('answers 401 without a session', async () => {
    const res = await editProfile(profile, NO_SESSION);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in to continue' });
  });

  it.each([
    ['a missing username', { username: undefined }, 'Username is required'],
    ['a username of the wrong type', { username: 7 }, 'Username is required'],
    ['a profession of the wrong type', { profession: 7 }, 'Profession must be text'],
    ['a profile image that is not a URL', { profileImage: 'javascript:alert(1)' }, 'Profile image must be a URL'],
    ['a profile image path outside the uploads', { profileImage: '/etc/passwd' }, 'Profile image must be a URL'],
    ['a profile image with spaces', { profileImage: 'https://x.test/a b.png' }, 'Profile image must be a URL'],
    ['a huge bio', { bio: 'b'.repeat(5000) }, 'Bio must be at most 500 characters'],
    ['a malformed userId', { userId: 'me' }, 'Invalid id'],
  ])('refuses %s with 400 and changes nothing', async (_name, change, message) => {
    const customer = await createUser(t.db);
    const res = await editProfile({ ...profile, ...change }, customer.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining(message) });
    expect(await userRow(customer.id)).toMatchObject({ username: customer.username, profession: '', bio: '' });
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const customer = await createUser(t.db);
    const res = await editProfile({ ...profile, bio: 'b'.repeat(1_100_000) }, customer.headers);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large' });
    expect((await userRow(customer.id))?.bio).toBe('');
  });
});
