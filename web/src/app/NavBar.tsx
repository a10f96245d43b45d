import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, IconButton, Toolbar, Typography } from '@mui/material';
import { Suspense, useState, type ReactNode } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { MOBILE_QUERY, useIsMobile } from './media';
import { ChunkBoundary, lazyChunk, resetFailedChunks } from '../ui/ChunkBoundary';
import { useStation } from './station';
import { ThemePicker } from './ThemePicker';
import { useRequestLinkVisible } from './live';
import { listenerNavLinks } from '../../../shared/routes';
import { useT } from '../i18n/state';
import { LanguagePicker } from './LanguagePicker';

// The slide-in menu's code (drawer, modal, focus trap) loads on a phone's first tap, or when the pointer comes near.
// A failed load is retried, then shown as a notice with Retry (ui/ChunkBoundary.tsx); the player carries on.
const MobileMenu = lazyChunk(() => import('./MobileMenu'));

/** The links of the navigation bar (spec 000 §2), in order. */
export function useNavLinks(): { to: string; label: string }[] {
  const t = useT();
  return listenerNavLinks(useRequestLinkVisible()).map((l) => ({ to: l.to, label: t(l.key) }));
}

/**
 * Tablet widths (768 to 1023 px): the links do not fit beside the name and the buttons,
 * so they take a second row of the bar (global.css `.boot-bar` does the same).
 */
const TABLET = '@media (min-width: 768px) and (max-width: 1023.95px)';

/**
 * A window this short (a laptop at 200 % zoom: 400 CSS px) would lose a third of its height to a bar that stays at
 * the top and the player at the bottom: the bar scrolls away with the page there (issue 38 item 9; global.css too).
 */
export const SHORT_WINDOW = '@media (max-height: 500px)';

/** Whether the listener opened the server-drawn bar's menu before the app's bar replaced it. */
const bootMenuWasOpen = (): boolean => typeof document !== 'undefined' && document.querySelector('details.boot-menu[open]') !== null;

/** The navigation bar on every listener page; a slide-in menu below 768 px, two rows on a tablet. */
export function NavBar({ account }: { account?: ReactNode }) {
  const station = useStation();
  const links = useNavLinks();
  const t = useT();
  const mobile = useIsMobile();
  // The server-drawn bar's menu, opened before the app arrived, stays open as the app's own (NavPlaceholder).
  const [open, setOpen] = useState(bootMenuWasOpen);
  const [menuLoaded, setMenuLoaded] = useState(bootMenuWasOpen);
  return (
    <AppBar position="sticky" elevation={0} component="header" sx={{ [SHORT_WINDOW]: { position: 'static' } }}>
      <Toolbar component="nav" aria-label={t('nav.main')} sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: 64, px: { xs: 1.5, sm: 3 }, [TABLET]: { flexWrap: 'wrap', alignContent: 'flex-start', pt: 1.5, rowGap: 1 } }}>
        <Box component={RouterLink} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: { xs: 0, md: 2 }, minWidth: 0, minHeight: 44 }}>
          <Box component="img" src={station.logoUrl} alt="" width={32} height={32} sx={{ borderRadius: 1, flexShrink: 0 }} />
          <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 800, fontSize: { xs: '1.05rem', sm: '1.25rem' }, backgroundImage: (t) => t.airdeck.textGradient, backgroundClip: 'text', WebkitBackgroundClip: 'text', color: 'transparent' }}>
            {station.name}
          </Typography>
        </Box>
        {!mobile && (
          <Box sx={{ display: 'flex', gap: 0.5, flexGrow: 1, [TABLET]: { order: 1, flexBasis: '100%', justifyContent: 'center', pb: 0.5 } }}>
            {links.map((l) => (
              <Button
                key={l.to}
                component={NavLink}
                to={l.to}
                end={l.to === '/'}
                color="inherit"
                // Evenly spaced by their text (no 64 px minimum that pads a short label like DJs), as in global.css `.boot-links a`.
                sx={{ minWidth: 0, px: 1.25, '&.active': { color: 'primary.main', fontWeight: 700 } }}
              >
                {l.label}
              </Button>
            ))}
          </Box>
        )}
        {mobile && <Box sx={{ flexGrow: 1 }} />}
        {!mobile && (
          <Button component={RouterLink} to="/presenter-application" variant="contained" color="primary" sx={{ whiteSpace: 'nowrap', flexShrink: 0, [TABLET]: { ml: 'auto' } }}>
            {t('shell.becomeDj')}
          </Button>
        )}
        {/* On a phone the language choice is in the slide-in menu (and the footer): the bar keeps the station's name. */}
        {!mobile && <LanguagePicker />}
        <ThemePicker />
        {account ?? (
          <Button component={RouterLink} to="/auth" color="inherit" variant="outlined" size="small" sx={{ [`@media ${MOBILE_QUERY}`]: { minHeight: 44 } }}>
            {t('shell.login')}
          </Button>
        )}
        {mobile && (
          <IconButton
            aria-label={t('shell.openMenu')}
            aria-expanded={open}
            aria-controls={menuLoaded ? 'mobile-menu' : undefined}
            onClick={() => {
              setMenuLoaded(true);
              setOpen(true);
            }}
            onPointerDown={() => void MobileMenu.preload()}
            color="inherit"
            edge="end"
          >
            <MenuIcon />
          </IconButton>
        )}
      </Toolbar>
      {menuLoaded && (
        <ChunkBoundary
          what="menu"
          floating
          onDismiss={() => {
            resetFailedChunks();
            setMenuLoaded(false);
            setOpen(false);
          }}
        >
          <Suspense fallback={null}>
            <MobileMenu open={open} onClose={() => setOpen(false)} links={links} />
          </Suspense>
        </ChunkBoundary>
      )}
    </AppBar>
  );
}

/**
 * The navigation bar as the server drew it (global.css `.boot-bar`, plain
 * HTML with no component styles) for the moment before NavBar mounts; its
 * links already work.
 */
export function NavPlaceholder() {
  const station = useStation();
  const links = useNavLinks();
  const t = useT();
  return (
    <header className="boot-bar">
      <RouterLink className="boot-brand" to="/">
        <img src={station.logoUrl} alt="" width={32} height={32} />
        <span>{station.name}</span>
      </RouterLink>
      <nav className="boot-links" aria-label={t('nav.main')}>
        {links.map((l) => (
          <NavLink key={l.to} to={l.to} end={l.to === '/'}>
            {l.label}
          </NavLink>
        ))}
      </nav>
      <span className="boot-grow" />
      <RouterLink className="boot-cta" to="/presenter-application">
        {t('shell.becomeDj')}
      </RouterLink>
      <span className="boot-icon boot-lang" aria-hidden />
      <span className="boot-icon" aria-hidden />
      <RouterLink className="boot-login" to="/auth">
        {t('shell.login')}
      </RouterLink>
      <span className="boot-avatar" aria-hidden />
      {/* The phone's menu works before the app (issue 38 item 8): a disclosure the browser opens by itself, with the
          same links as the slide-in menu; the app's bar opens its own menu in its place if this one was open. */}
      <details className="boot-menu">
        <summary className="boot-icon" aria-label={t('shell.openMenu')} />
        <nav className="boot-menu-panel" aria-label={t('shell.mobileNav')}>
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'}>
              {l.label}
            </NavLink>
          ))}
          <RouterLink className="boot-menu-cta" to="/presenter-application">
            {t('shell.becomeDj')}
          </RouterLink>
        </nav>
      </details>
    </header>
  );
}
