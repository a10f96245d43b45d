import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import { Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAuth } from './AuthProvider';
import { UserAvatar } from './UserAvatar';
import { useT } from '../i18n/state';

/** The avatar button and its menu, for someone signed in (000 §2). */
export default function SignedInMenu() {
  const { user, profile, signOut } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const t = useT();
  if (!user) return null;
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
      <IconButton aria-label={t('auth.menu.label')} aria-haspopup="menu" aria-expanded={anchor ? 'true' : undefined} aria-controls={anchor ? menuId : undefined} onClick={(e) => setAnchor(e.currentTarget)} sx={{ p: 0.5 }}>
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
          {t('auth.menu.profile')}
        </MenuItem>
        <MenuItem component="a" href="/admin" target="_blank" rel="noopener" onClick={close}>
          <ListItemIcon>
            <OpenInNewIcon fontSize="small" />
          </ListItemIcon>
          {t('sidebar.title')}
          <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
            {' '}
            {t('auth.menu.newTab')}
          </Box>
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => void doSignOut()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" className="flip-rtl" />
          </ListItemIcon>
          {t('admin.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
