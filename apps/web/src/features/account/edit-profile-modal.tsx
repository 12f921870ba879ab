import type { User } from '@shop/contract/users';
import { type FormEvent, useState } from 'react';
import { apiErrorMessage } from '../../lib/api-error';
import { useAppDispatch } from '../../lib/hooks';
import { setUser } from '../../lib/session-actions';
import { showAlert } from '../../ui/alerts';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useEditProfileMutation } from './account.api';

interface EditProfileModalProps {
  user: User;
  open: boolean;
  onClose: () => void;
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
  const [form, setForm] = useState({
    username: user.username,
    profileImage: user.profileImage,
    profession: user.profession,
    bio: user.bio,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [editProfile, { isLoading }] = useEditProfileMutation();
  const dispatch = useAppDispatch();
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      const { user: updated } = await editProfile({ ...form, userId: user._id }).unwrap();
      // The store also writes the user to local storage, so a reload shows the updated profile.
      dispatch(setUser(updated));
      onClose();
      await showAlert({
        title: 'Profile updated successfully!',
        text: 'Please log in again to see your changes on every device.',
        icon: 'success',
      });
    } catch (error) {
      setProblem(apiErrorMessage(error) ?? 'Your profile could not be updated. Please try again.');
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-describedby={problem ? 'profile-problem' : undefined}>
      <Field id="profile-username" label="Username" value={form.username} onChange={set('username')} required />
      <Field
        id="profile-image"
        label="Profile image URL"
        value={form.profileImage}
        onChange={set('profileImage')}
        required
        placeholder="https://…"
        inputMode="url"
      />
      <Field id="profile-profession" label="Profession" value={form.profession} onChange={set('profession')} required />
      <div>
        <label htmlFor="profile-bio" className="field-label">
          Bio <span className="tracking-normal normal-case">(optional)</span>
        </label>
        <textarea
          id="profile-bio"
          rows={3}
          maxLength={500}
          value={form.bio}
          onChange={(e) => set('bio')(e.target.value)}
          className="field resize-y"
        />
      </div>
      {problem && (
        <p
          id="profile-problem"
          role="alert"
          className="rounded-xl bg-white px-4 py-3 text-sm text-stop-dark ring-1 ring-stop/25"
        >
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={isLoading}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  placeholder?: string;
  inputMode?: 'url' | 'text';
}

function Field({ id, label, value, onChange, required, placeholder, inputMode }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        value={value}
        required={required}
        placeholder={placeholder}
        inputMode={inputMode}
        onChange={(e) => onChange(e.target.value)}
        className="field"
      />
    </div>
  );
}
