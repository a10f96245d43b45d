import { Drawer, List, ListItemButton, ListItemText } from '@mui/material';
import { NavLink, Link as RouterLink } from 'react-router';

/** The navigation bar's slide-in menu below 768 px (000 §2): the same links, then Become a DJ. */
export default function MobileMenu({ open, onClose, links }: { open: boolean; onClose: () => void; links: { to: string; label: string }[] }) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { id: 'mobile-menu', sx: { width: 260 } } }}>
      <List component="nav" aria-label="Mobile">
        {links.map((l) => (
          <ListItemButton key={l.to} component={NavLink} to={l.to} end={l.to === '/'} onClick={onClose}>
            <ListItemText primary={l.label} />
          </ListItemButton>
        ))}
        <ListItemButton component={RouterLink} to="/presenter-application" onClick={onClose}>
          <ListItemText primary="Become a DJ" slotProps={{ primary: { sx: { color: 'primary.main', fontWeight: 700 } } }} />
        </ListItemButton>
      </List>
    </Drawer>
  );
}
