import { ROLES } from '@shop/contract/constants';
import { roleUpdateRequestSchema, type User } from '@shop/contract/users';
import { EditValueModal } from '../../ui/edit-value-modal';
import { FormField } from '../../ui/form-field';
import type { DialogProps } from '../../ui/use-dialog';
import { useUpdateUserRoleMutation } from './users.api';

interface UserRoleModalProps extends DialogProps {
  user: User | null;
}

/** The user's role, a select; the e-mail is shown read-only, as it names the account being changed. */
export function UserRoleModal({ user, open, onClose }: UserRoleModalProps) {
  const [updateRole, { isLoading }] = useUpdateUserRoleMutation();
  return (
    <EditValueModal
      open={open}
      onClose={onClose}
      title="Edit User Role"
      submitLabel="Save"
      busy={isLoading}
      edit={
        user && {
          key: user._id,
          schema: roleUpdateRequestSchema,
          defaultValues: { role: user.role },
          current: (
            <FormField id="role-email" label="Email">
              {(control) => (
                <input {...control} type="email" value={user.email} readOnly className="field bg-linen text-muted" />
              )}
            </FormField>
          ),
          field: { name: 'role', id: 'role-select', label: 'Role', choices: ROLES },
          save: ({ role }) => updateRole({ id: user._id, role }).unwrap(),
          saved: 'Updated role successfully!',
          failed: 'Failed to update the role, please try again.',
        }
      }
    />
  );
}
