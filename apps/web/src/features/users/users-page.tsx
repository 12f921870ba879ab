import type { User } from '@shop/contract/users';
import { useState } from 'react';
import { useDashboardUser } from '../../ui/dashboard-kit/dashboard-user';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import {
  actionLink,
  alignedRight,
  deleteButton,
  rowClass,
  TableFrame,
  TableHead,
  TableSkeleton,
  tableClass,
  td,
} from '../../ui/dashboard-kit/table-frame';
import { useConfirmedDelete } from '../../ui/dashboard-kit/use-confirmed-delete';
import { EmptyState, ErrorMessage } from '../../ui/status-message';
import { UserRoleModal } from './user-role-modal';
import { useDeleteUserMutation, useGetUsersQuery } from './users.api';

const ROLE_BADGE: Record<User['role'], string> = {
  admin: 'bg-clay-soft text-clay-dark ring-clay/30',
  user: 'bg-green-100 text-green-900 ring-green-300',
};

export function RoleBadge({ role }: { role: User['role'] }) {
  return (
    <span
      className={`inline-flex rounded-full px-3 py-1 text-xs font-medium capitalize ring-1 ring-inset ${ROLE_BADGE[role]}`}
    >
      {role}
    </span>
  );
}

/** All Users: each user with Edit (the role modal) and Delete. */
export function UsersPage() {
  const me = useDashboardUser();
  // Fetched again each time the page opens: users register and change roles while the admin is elsewhere.
  const { data: users, error, isLoading, refetch } = useGetUsersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [deleteUser] = useDeleteUserMutation();
  // The edited user outlives the modal's closing, so its form does not empty while it fades out.
  // Each opening gets a fresh modal (`n`) starting from the user's current role.
  const [editing, setEditing] = useState<{ user: User | null; open: boolean; n: number }>({
    user: null,
    open: false,
    n: 0,
  });
  const confirmedDelete = useConfirmedDelete();

  const onDelete = (user: User) =>
    confirmedDelete(
      'This user will be deleted permanently!',
      () => deleteUser(user._id).unwrap(),
      'There was an issue deleting the user. Please try again.',
    );

  return (
    <>
      <PageHeader
        eyebrow="Admin dashboard"
        title="All Users"
        description="Every account, newest first, and its role."
      />
      {isLoading ? (
        <TableSkeleton label="Loading the users" />
      ) : error ? (
        <ErrorMessage title="Error loading users data.">
          <RetryButton onRetry={refetch} />
        </ErrorMessage>
      ) : !users?.length ? (
        <EmptyState title="No users yet." />
      ) : (
        <TableFrame label="Users">
          <table className={tableClass}>
            <TableHead columns={['No.', 'Username', 'Email', 'Role', alignedRight('Actions')]} />
            <tbody>
              {users.map((user, index) => (
                <tr key={user._id} className={rowClass}>
                  <td className={`${td} text-muted tabular-nums`}>{index + 1}</td>
                  <td className={`${td} font-medium`}>
                    {user.username}
                    {user._id === me._id && <span className="ml-2 text-xs font-normal text-muted">(you)</span>}
                  </td>
                  <td className={`${td} whitespace-nowrap`}>{user.email}</td>
                  <td className={td}>
                    <RoleBadge role={user.role} />
                  </td>
                  <td className={`${td} text-right whitespace-nowrap`}>
                    <button
                      type="button"
                      onClick={() => setEditing((e) => ({ user, open: true, n: e.n + 1 }))}
                      className={`${actionLink} mr-3`}
                    >
                      Edit<span className="sr-only"> {user.username}</span>
                    </button>
                    <button type="button" onClick={() => void onDelete(user)} className={deleteButton}>
                      Delete<span className="sr-only"> {user.username}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <UserRoleModal
        key={editing.n}
        user={editing.user}
        open={editing.open}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </>
  );
}
