import type { User } from '@shop/contract/users';
import { useState } from 'react';

interface UserAvatarProps {
  user: User;
  /** The picture's width and height in pixels, for the browser to keep its place. */
  size?: number;
  /** Size and text size, on the picture and the letter alike. */
  className?: string;
  imageClassName?: string;
  letterClassName?: string;
}

/** The profile picture, or the first letter of the name when there is none or it fails to load. */
export function UserAvatar({
  user,
  size = 96,
  className = 'size-24 text-3xl',
  imageClassName = 'bg-linen',
  letterClassName = 'font-display',
}: UserAvatarProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  if (user.profileImage && user.profileImage !== brokenSrc) {
    return (
      <img
        src={user.profileImage}
        alt=""
        width={size}
        height={size}
        onError={() => setBrokenSrc(user.profileImage)}
        className={`rounded-full object-cover ${imageClassName} ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`grid place-items-center rounded-full bg-clay text-white ${letterClassName} ${className}`}
    >
      {user.username.slice(0, 1).toUpperCase()}
    </span>
  );
}
