import type { User } from '@shop/contract/users';

/** A signed-in customer as the server answers one, for tests of what the app keeps about them. */
export const customer: User = {
  _id: '0b5c3f8e-8d47-4a53-9a7e-0d6b8f6a1e11',
  username: 'ada',
  email: 'ada@example.com',
  role: 'user',
  bio: '',
  profileImage: '',
  profession: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  emailConfirmed: true,
};
