import { Avatar } from '@mui/material';
import { avatarLetter } from '../../../shared/avatar';
import { absoluteUrl } from '../app/api';

/** The user's avatar, or the first letter of the username, else the email, else U (000 §2). */
export function UserAvatar({ username, email, avatarUrl, size = 36 }: { username?: string | null; email?: string | null; avatarUrl?: string | null; size?: number }) {
  const src = absoluteUrl(avatarUrl);
  return (
    <Avatar src={src} alt="" sx={{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700, fontSize: size * 0.45 }}>
      {avatarLetter(username, email)}
    </Avatar>
  );
}
