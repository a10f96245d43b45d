import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { NavLink, Link as RouterLink } from 'react-router';

/**
 * The navigation bar's slide-in menu below 768 px (000 §2): a Close button, the same links with the
 * current page marked (NavLink's aria-current and an accent bar), then Become a DJ.
 */
export default function MobileMenu({ open, onClose, links }: { open: boolean; onClose: () => void; links: { to: string; label: string }[] }) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { id: 'mobile-menu', sx: { width: 260 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', pl: 2, pr: 1, minHeight: 64, borderBottom: 1, borderColor: 'divider' }}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          Menu
        </Typography>
        <IconButton aria-label="Close menu" onClick={onClose} color="inherit">
          <CloseIcon />
        </IconButton>
      </Box>
      <List component="nav" aria-label="Mobile">
        {links.map((l) => (
          <ListItemButton
            key={l.to}
            component={NavLink}
            to={l.to}
            end={l.to === '/'}
            onClick={onClose}
            sx={{
              borderLeft: '4px solid transparent',
              '&.active': { borderLeftColor: 'primary.main', bgcolor: 'action.selected', '& .MuiListItemText-primary': { color: (t) => t.airdeck.accentText, fontWeight: 700 } },
            }}
          >
            <ListItemText primary={l.label} />
          </ListItemButton>
        ))}
        <ListItemButton component={RouterLink} to="/presenter-application" onClick={onClose} sx={{ borderLeft: '4px solid transparent' }}>
          <ListItemText primary="Become a DJ" slotProps={{ primary: { sx: { color: (t) => t.airdeck.accentText, fontWeight: 700 } } }} />
        </ListItemButton>
      </List>
    </Drawer>
  );
}
