import { editProfileRequestSchema, type User } from '@shop/contract/users';
import { useAppDispatch } from '../../lib/hooks';
import { setUser } from '../../lib/session-actions';
import { showAlert } from '../../ui/alerts';
import { Modal, ModalActions } from '../../ui/modal';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import type { DialogProps } from '../../ui/use-dialog';
import { useFormProblem } from '../../ui/use-form-problem';
import { useEditProfileMutation } from './account.api';

interface EditProfileModalProps extends DialogProps {
  user: User;
}

/**
 * Username, profile image URL and profession required; bio optional. Give it a new key
 * on each opening so the form starts from the stored user again.
 */
export function EditProfileModal({ user, open, onClose }: EditProfileModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Edit Profile">
      <EditProfileForm user={user} onClose={onClose} />
    </Modal>
  );
}

function EditProfileForm({ user, onClose }: { user: User; onClose: () => void }) {
  const form = useSchemaForm(editProfileRequestSchema, {
    username: user.username,
    profileImage: user.profileImage,
    profession: user.profession,
    bio: user.bio,
  });
  const { problem, send } = useFormProblem();
  const [editProfile, { isLoading }] = useEditProfileMutation();
  const dispatch = useAppDispatch();

  const onSubmit = form.handleSubmit((profile) =>
    send(async () => {
      const { user: updated } = await editProfile({ ...profile, userId: user._id }).unwrap();
      // The store also writes the user to local storage, so a reload shows the updated profile.
      dispatch(setUser(updated));
      onClose();
      await showAlert({
        title: 'Profile updated successfully!',
        text: 'Please log in again to see your changes on every device.',
        icon: 'success',
      });
    }, 'Your profile could not be updated. Please try again.'),
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-describedby={problem ? 'profile-problem' : undefined}>
      <SchemaField form={form} name="username" id="profile-username" label="Username" required />
      <SchemaField
        form={form}
        name="profileImage"
        id="profile-image"
        label="Profile image URL"
        required
        placeholder="https://…"
        inputMode="url"
      />
      <SchemaField form={form} name="profession" id="profile-profession" label="Profession" required />
      <SchemaField
        form={form}
        name="bio"
        id="profile-bio"
        label={
          <>
            Bio <span className="tracking-normal normal-case">(optional)</span>
          </>
        }
      >
        {(control) => <textarea {...control} rows={3} maxLength={500} className="field resize-y" />}
      </SchemaField>
      {problem && (
        <p
          id="profile-problem"
          role="alert"
          className="rounded-xl bg-white px-4 py-3 text-sm text-stop-dark ring-1 ring-stop/25"
        >
          {problem}
        </p>
      )}
      <ModalActions
        onCancel={onClose}
        submitLabel="Save changes"
        busy={isLoading}
        className="flex justify-end gap-3 pt-2"
      />
    </form>
  );
}
