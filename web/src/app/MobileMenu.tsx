import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { NavLink, Link as RouterLink } from 'react-router';
import { useI18n } from '../i18n/state';
import { useChangeLocale } from '../i18n/start';
import { LOCALES } from '../../../shared/i18n/locales';

/**
 * The navigation bar's slide-in menu below 768 px (000 §2): a Close button, the same links with the
 * current page marked (NavLink's aria-current and an accent bar), then Become a DJ.
 */
export default function MobileMenu({ open, onClose, links }: { open: boolean; onClose: () => void; links: { to: string; label: string }[] }) {
  const { t, locale } = useI18n();
  const change = useChangeLocale();
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { id: 'mobile-menu', sx: { width: 260 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', pl: 2, pr: 1, minHeight: 64, borderBottom: 1, borderColor: 'divider' }}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {t('shell.menu')}
        </Typography>
        <IconButton aria-label={t('shell.closeMenu')} onClick={onClose} color="inherit">
          <CloseIcon />
        </IconButton>
      </Box>
      <List component="nav" aria-label={t('shell.mobileNav')}>
        {links.map((l) => (
          <ListItemButton
            key={l.to}
            component={NavLink}
            to={l.to}
            end={l.to === '/'}
            onClick={onClose}
            sx={{
              borderInlineStart: '4px solid transparent',
              '&.active': { borderInlineStartColor: 'primary.main', bgcolor: 'action.selected', '& .MuiListItemText-primary': { color: (t) => t.airdeck.accentText, fontWeight: 700 } },
            }}
          >
            <ListItemText primary={l.label} />
          </ListItemButton>
        ))}
        <ListItemButton component={RouterLink} to="/presenter-application" onClick={onClose} sx={{ borderInlineStart: '4px solid transparent' }}>
          <ListItemText primary={t('shell.becomeDj')} slotProps={{ primary: { sx: { color: (t) => t.airdeck.accentText, fontWeight: 700 } } }} />
        </ListItemButton>
      </List>
      <List component="nav" aria-label={t('language.label')} subheader={<Typography component="h2" variant="overline" sx={{ px: 2, pt: 1, display: 'block', color: 'text.secondary' }}>{t('language.label')}</Typography>}>
        {LOCALES.map((l) => (
          <ListItemButton
            key={l.code}
            lang={l.code}
            selected={l.code === locale}
            aria-current={l.code === locale ? 'true' : undefined}
            onClick={() => {
              onClose();
              void change(l.code);
            }}
          >
            <ListItemText primary={l.name} />
          </ListItemButton>
        ))}
      </List>
    </Drawer>
  );
}
