import { ROLES, type Role } from '@shop/contract/constants';
import type { User } from '@shop/contract/users';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { adminCallFailed } from '../../ui/dashboard-kit/call-failed';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast';
import { useUpdateUserRoleMutation } from './users.api';

interface UserRoleModalProps {
  user: User | null;
  open: boolean;
  onClose: () => void;
}

/** The user's role, a select; the e-mail is shown read-only, as it names the account being changed. */
export function UserRoleModal({ user, open, onClose }: UserRoleModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Edit User Role">
      {user && <RoleForm user={user} onClose={onClose} />}
    </Modal>
  );
}

function RoleForm({ user, onClose }: { user: User; onClose: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const [updateRole, { isLoading }] = useUpdateUserRoleMutation();
  const notify = useToast();
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await updateRole({ id: user._id, role }).unwrap();
      notify('Updated role successfully!', 'success');
      onClose();
    } catch (error) {
      await adminCallFailed('Failed to update the role, please try again.', error, formRef.current?.closest('dialog'));
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} className="space-y-5">
      <div>
        <label htmlFor="role-email" className="field-label">
          Email
        </label>
        <input id="role-email" type="email" value={user.email} readOnly className="field bg-linen text-muted" />
      </div>
      <div>
        <label htmlFor="role-select" className="field-label">
          Role
        </label>
        <select id="role-select" value={role} onChange={(e) => setRole(e.target.value as Role)} className="field">
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={isLoading}>
          Save
        </Button>
      </div>
    </form>
  );
}
