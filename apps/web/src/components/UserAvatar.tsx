import Avatar from '@mui/material/Avatar';
import type { User } from '@hostdeck/contracts';
import { userInitials } from './user-initials';

/** The user's photo, or their initials on the primary colour. */
export function UserAvatar({
  user,
  size = 32,
  outlined = false,
}: {
  user: Pick<User, 'name' | 'profile_photo_url'>;
  size?: number;
  /** A light ring and a darker fill, for the avatar on the primary-coloured top bar. */
  outlined?: boolean;
}) {
  return (
    <Avatar
      src={user.profile_photo_url ?? undefined}
      alt={user.name}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        bgcolor: outlined ? 'primary.dark' : 'primary.main',
        color: 'primary.contrastText',
        border: outlined ? '2px solid rgba(255, 255, 255, 0.85)' : undefined,
      }}
    >
      {userInitials(user.name)}
    </Avatar>
  );
}
