import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import { Avatar, Box, Button, Divider, IconButton, ListItemIcon, Menu, MenuItem, Skeleton, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { avatarLetter } from '../../../shared/avatar';
import { absoluteUrl } from '../app/api';
import { useAuth } from './AuthProvider';

/** The user's avatar, or the first letter of the username, else the email, else U (000 §2). */
export function UserAvatar({ username, email, avatarUrl, size = 36 }: { username?: string | null; email?: string | null; avatarUrl?: string | null; size?: number }) {
  const src = absoluteUrl(avatarUrl);
  return (
    <Avatar src={src} alt="" sx={{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700, fontSize: size * 0.45 }}>
      {avatarLetter(username, email)}
    </Avatar>
  );
}

/**
 * The account slot of the navigation bar: a Login button when signed out;
 * when signed in an avatar menu with username, email, My Profile, Presenter
 * Panel (a new tab) and Sign Out (000 §2).
 */
export function AccountMenu() {
  const { status, user, profile, signOut } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (status === 'loading') return <Skeleton variant="circular" width={36} height={36} aria-label="Loading account" />;
  if (status === 'signedOut' || !user) {
    return (
      <Button component={RouterLink} to="/auth" color="inherit" variant="outlined" size="small">
        Login
      </Button>
    );
  }
  const username = profile?.username ?? null;
  const email = profile?.email ?? user.email;
  const close = () => setAnchor(null);
  const doSignOut = async () => {
    close();
    await signOut();
    void navigate('/');
  };
  return (
    <>
      <IconButton aria-label="Account menu" aria-haspopup="menu" aria-expanded={anchor ? 'true' : undefined} aria-controls={anchor ? menuId : undefined} onClick={(e) => setAnchor(e.currentTarget)} sx={{ p: 0.5 }}>
        <UserAvatar username={username} email={email} avatarUrl={profile?.avatar_url} />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }} slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}>
        <Box sx={{ px: 2, py: 1.25 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {username ?? email}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          My Profile
        </MenuItem>
        <MenuItem component="a" href="/admin" target="_blank" rel="noopener" onClick={close}>
          <ListItemIcon>
            <OpenInNewIcon fontSize="small" />
          </ListItemIcon>
          Presenter Panel
          <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
            {' '}
            (opens in a new tab)
          </Box>
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => void doSignOut()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Sign Out
        </MenuItem>
      </Menu>
    </>
  );
}
