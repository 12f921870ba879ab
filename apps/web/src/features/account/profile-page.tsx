import { useState } from 'react';
import { Button } from '../../ui/button';
import { useDashboardUser } from '../../ui/dashboard-kit/dashboard-user';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { formatDate } from '../../ui/dashboard-kit/table-format';
import { UserAvatar } from '../../ui/user-avatar';
import { DeliveryAddressSection } from './delivery-address-section';
import { EditProfileModal } from './edit-profile-modal';

/** The user's profile, and the modal that edits it. */
export function ProfilePage() {
  const user = useDashboardUser();
  const [editing, setEditing] = useState(false);
  const [opened, setOpened] = useState(0);

  return (
    <>
      <PageHeader eyebrow="My account" title="Your Profile" description="How you appear on the reviews you write." />
      <section
        aria-label="Your details"
        className="overflow-hidden rounded-2xl border border-sand bg-white sm:flex sm:items-start sm:gap-8 sm:p-8"
      >
        <div className="flex justify-center bg-linen p-6 sm:bg-transparent sm:p-0">
          <UserAvatar user={user} />
        </div>
        <div className="min-w-0 flex-1 p-6 sm:p-0">
          <h2 className="font-display text-3xl text-ink">{user.username}</h2>
          <p className="mt-1 text-sm text-muted">{user.profession || 'No profession given yet'}</p>
          <dl className="mt-6 grid gap-5 text-sm sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="field-label">Email</dt>
              <dd className="break-all text-ink">{user.email}</dd>
            </div>
            <div>
              <dt className="field-label">Role</dt>
              <dd className="text-ink capitalize">{user.role}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="field-label">Bio</dt>
              <dd className="whitespace-pre-line text-ink">{user.bio || 'Nothing here yet.'}</dd>
            </div>
            <div>
              <dt className="field-label">Member since</dt>
              <dd className="text-ink">{user.createdAt ? formatDate(user.createdAt) : '—'}</dd>
            </div>
          </dl>
          <Button
            className="mt-8"
            onClick={() => {
              setOpened((n) => n + 1);
              setEditing(true);
            }}
          >
            Edit Profile
          </Button>
        </div>
      </section>
      <DeliveryAddressSection />
      <EditProfileModal key={opened} user={user} open={editing} onClose={() => setEditing(false)} />
    </>
  );
}
