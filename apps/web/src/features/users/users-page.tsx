import type { User } from '@shop/contract/users';
import { useDashboardUser } from '../../ui/dashboard-kit/dashboard-user';
import { type Column, DataTable, numberColumn } from '../../ui/dashboard-kit/data-table';
import { QueryPage } from '../../ui/dashboard-kit/query-page';
import { actionLink, alignedRight, deleteButton, TableSkeleton } from '../../ui/dashboard-kit/table-frame';
import { useConfirmedDelete } from '../../ui/dashboard-kit/use-confirmed-delete';
import { useOpenedRecord } from '../../ui/dashboard-kit/use-opened-record';
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

/** All Users' columns: the number, the name (marking the admin's own), the address, the role and the actions. */
function usersColumns(me: User, edit: (user: User) => void, remove: (user: User) => void): Column<User>[] {
  return [
    numberColumn(),
    {
      heading: 'Username',
      className: 'font-medium',
      cell: (user) => (
        <>
          {user.username}
          {user._id === me._id && <span className="ml-2 text-xs font-normal text-muted">(you)</span>}
        </>
      ),
    },
    { heading: 'Email', className: 'whitespace-nowrap', cell: (user) => user.email },
    { heading: 'Role', cell: (user) => <RoleBadge role={user.role} /> },
    {
      heading: alignedRight('Actions'),
      className: 'text-right whitespace-nowrap',
      cell: (user) => (
        <>
          <button type="button" onClick={() => edit(user)} className={`${actionLink} mr-3`}>
            Edit<span className="sr-only"> {user.username}</span>
          </button>
          <button type="button" onClick={() => remove(user)} className={deleteButton}>
            Delete<span className="sr-only"> {user.username}</span>
          </button>
        </>
      ),
    },
  ];
}

/** All Users: each user with Edit (the role modal) and Delete. */
export function UsersPage() {
  const me = useDashboardUser();
  // Fetched again each time the page opens: users register and change roles while the admin is elsewhere.
  const query = useGetUsersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [deleteUser] = useDeleteUserMutation();
  const editing = useOpenedRecord<User>();
  const confirmedDelete = useConfirmedDelete();

  const onDelete = (user: User) =>
    void confirmedDelete(
      'This user will be deleted permanently!',
      () => deleteUser(user._id).unwrap(),
      'There was an issue deleting the user. Please try again.',
    );

  return (
    <>
      <QueryPage
        eyebrow="Admin dashboard"
        title="All Users"
        description="Every account, newest first, and its role."
        query={query}
        loading={<TableSkeleton label="Loading the users" />}
        failed={{ title: 'Error loading users data.' }}
        empty="No users yet."
      >
        {(users) => (
          <DataTable
            label="Users"
            columns={usersColumns(me, editing.openWith, onDelete)}
            rows={users}
            rowKey={(user) => user._id}
          />
        )}
      </QueryPage>
      <UserRoleModal key={editing.key} user={editing.record} open={editing.open} onClose={editing.close} />
    </>
  );
}
