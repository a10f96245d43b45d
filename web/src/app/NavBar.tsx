import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, Drawer, IconButton, List, ListItemButton, ListItemText, Toolbar, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { useIsMobile } from './media';
import { useStation } from './station';
import { ThemePicker } from './ThemePicker';
import { useRequestLinkVisible } from './live';

/** The links of the navigation bar (spec 000 §2), in order. */
export function useNavLinks(): { to: string; label: string }[] {
  const showRequest = useRequestLinkVisible();
  return [
    { to: '/', label: 'Home' },
    { to: '/shows', label: 'Shows' },
    { to: '/djs', label: 'DJs' },
    { to: '/mobile-app', label: 'Mobile App' },
    ...(showRequest ? [{ to: '/request', label: 'Request' }] : []),
    { to: '/donate', label: 'Donate' },
  ];
}

/** The navigation bar on every listener page; a slide-in menu below 768 px. */
export function NavBar({ account }: { account?: ReactNode }) {
  const station = useStation();
  const links = useNavLinks();
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  return (
    <AppBar position="sticky" elevation={0} component="header">
      <Toolbar component="nav" aria-label="Main" sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: 64, px: { xs: 1.5, sm: 3 } }}>
        <Box component={RouterLink} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: { xs: 0, md: 2 }, minWidth: 0 }}>
          <Box component="img" src={station.logoUrl} alt="" width={32} height={32} sx={{ borderRadius: 1 }} />
          <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 800, fontSize: { xs: '1.05rem', sm: '1.25rem' }, backgroundImage: (t) => t.airdeck.textGradient, backgroundClip: 'text', WebkitBackgroundClip: 'text', color: 'transparent' }}>
            {station.name}
          </Typography>
        </Box>
        {!mobile && (
          <Box sx={{ display: 'flex', gap: 0.5, flexGrow: 1 }}>
            {links.map((l) => (
              <Button
                key={l.to}
                component={NavLink}
                to={l.to}
                end={l.to === '/'}
                color="inherit"
                sx={{ '&.active': { color: 'primary.main', fontWeight: 700 } }}
              >
                {l.label}
              </Button>
            ))}
          </Box>
        )}
        {mobile && <Box sx={{ flexGrow: 1 }} />}
        {!mobile && (
          <Button component={RouterLink} to="/presenter-application" variant="contained" color="primary" sx={{ whiteSpace: 'nowrap' }}>
            Become a DJ
          </Button>
        )}
        <ThemePicker />
        {account ?? (
          <Button component={RouterLink} to="/auth" color="inherit" variant="outlined" size="small">
            Login
          </Button>
        )}
        {mobile && (
          <IconButton aria-label="Open menu" aria-expanded={open} aria-controls="mobile-menu" onClick={() => setOpen(true)} color="inherit" edge="end">
            <MenuIcon />
          </IconButton>
        )}
      </Toolbar>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { id: 'mobile-menu', sx: { width: 260 } } }}>
        <List component="nav" aria-label="Mobile">
          {links.map((l) => (
            <ListItemButton key={l.to} component={NavLink} to={l.to} end={l.to === '/'} onClick={() => setOpen(false)}>
              <ListItemText primary={l.label} />
            </ListItemButton>
          ))}
          <ListItemButton component={RouterLink} to="/presenter-application" onClick={() => setOpen(false)}>
            <ListItemText primary="Become a DJ" slotProps={{ primary: { sx: { color: 'primary.main', fontWeight: 700 } } }} />
          </ListItemButton>
        </List>
      </Drawer>
    </AppBar>
  );
}
