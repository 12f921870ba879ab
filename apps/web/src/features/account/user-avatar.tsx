import type { User } from '@shop/contract/users';
import { useState } from 'react';

/** The profile picture, or the first letter of the name when there is none or it fails to load. */
export function UserAvatar({ user, className = 'size-24 text-3xl' }: { user: User; className?: string }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  if (user.profileImage && user.profileImage !== brokenSrc) {
    return (
      <img
        src={user.profileImage}
        alt=""
        width={96}
        height={96}
        onError={() => setBrokenSrc(user.profileImage)}
        className={`rounded-full bg-linen object-cover ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`grid place-items-center rounded-full bg-clay font-display text-white ${className}`}
    >
      {user.username.slice(0, 1).toUpperCase()}
    </span>
  );
}
