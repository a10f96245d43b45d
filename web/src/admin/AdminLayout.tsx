import AlbumIcon from '@mui/icons-material/Album';
import CalendarIcon from '@mui/icons-material/CalendarMonth';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InboxIcon from '@mui/icons-material/Inbox';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import RadioIcon from '@mui/icons-material/Radio';
import InsightsIcon from '@mui/icons-material/Insights';
import SettingsIcon from '@mui/icons-material/Settings';
import { Alert, AppBar, Box, Button, Collapse, Drawer, IconButton, List, ListItemButton, ListItemIcon, ListItemText, Toolbar, Typography } from '@mui/material';
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink, Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { REQUEST_NAV, sidebarItems, type NavItem, type Role } from '../../../shared/permissions';
import { useIsMobile } from '../app/media';
import { useStation } from '../app/station';
import { useAuth } from '../auth/AuthProvider';
import { GateLoading } from '../auth/ProtectedRoute';
import { AdminErrorBoundary } from './AdminErrorBoundary';
import { HeaderBell } from './HeaderBell';
import type { MessageKey } from '../../../shared/i18n/format';
import { useT } from '../i18n/state';

/** Sidebar width on wide screens. */
const SIDEBAR_WIDTH = 260;

const ICONS: Record<NavItem['icon'], ReactNode> = {
  dashboard: <DashboardIcon />,
  disc: <AlbumIcon />,
  users: <PeopleIcon />,
  calendar: <CalendarIcon />,
  music: <MusicNoteIcon />,
  'user-plus': <PersonAddIcon />,
  file: <DescriptionIcon />,
  settings: <SettingsIcon />,
  radio: <RadioIcon />,
  chart: <InsightsIcon />,
  bell: <NotificationsIcon />,
};

/** Each sidebar item's name in the catalogue (by its key in shared/permissions; English word for word as the spec's). */
const NAV_KEYS: Record<string, MessageKey> = {
  dashboard: 'sidebar.item.dashboard',
  'on-air': 'sidebar.item.onAir',
  shows: 'sidebar.item.shows',
  djs: 'sidebar.item.djs',
  audience: 'sidebar.item.audience',
  uptime: 'sidebar.item.uptime',
  'listen-again': 'sidebar.item.listenAgain',
  reports: 'sidebar.item.reports',
  schedule: 'sidebar.item.schedule',
  applications: 'sidebar.item.applications',
  users: 'sidebar.item.users',
  pages: 'sidebar.item.pages',
  logs: 'sidebar.item.logs',
  'data-requests': 'sidebar.item.dataRequests',
  settings: 'sidebar.item.settings',
  'request-loa': 'sidebar.item.requestLoa',
  'song-requests': 'sidebar.item.songRequests',
  'shoutout-requests': 'sidebar.item.shoutoutRequests',
  'general-requests': 'sidebar.item.generalRequests',
  'loa-requests': 'sidebar.item.loaRequests',
};

function NavEntry({ item, onNavigate, nested }: { item: NavItem; onNavigate: () => void; nested?: boolean }) {
  const t = useT();
  const key = NAV_KEYS[item.key];
  return (
    <ListItemButton
      component={NavLink}
      to={item.path}
      end={item.exact ?? false}
      onClick={onNavigate}
      sx={{
        borderRadius: 2,
        mx: 1,
        pl: nested ? 4 : 2,
        // The current page: a stronger surface, bold text and an accent icon and bar (text keeps full contrast).
        '&.active': { bgcolor: 'action.selected', boxShadow: (t) => `inset 3px 0 0 ${t.palette.primary.main}`, '& .MuiListItemIcon-root': { color: 'primary.main' }, '& .MuiListItemText-primary': { fontWeight: 700 } },
      }}
    >
      <ListItemIcon sx={{ minWidth: 38 }}>{ICONS[item.icon]}</ListItemIcon>
      <ListItemText primary={key ? t(key) : item.label} />
    </ListItemButton>
  );
}

/**
 * The sidebar (001 §2): titled 'Presenter Panel', the role's items from the
 * shared sidebar rules, a Request LOA link and the collapsible Requests group
 * (open when the current route is one of its four).
 */
function Sidebar({ role, onNavigate }: { role: Role; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const inRequests = REQUEST_NAV.some((r) => pathname === r.path || pathname.startsWith(`${r.path}/`));
  const [requestsOpen, setRequestsOpen] = useState(inRequests);
  const groupId = useId();
  const t = useT();
  useEffect(() => {
    if (inRequests) setRequestsOpen(true);
  }, [inRequests]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ minHeight: 64, px: 2.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800, backgroundImage: (t) => t.airdeck.textGradient, backgroundClip: 'text', WebkitBackgroundClip: 'text', color: 'transparent' }}>
          {t('sidebar.title')}
        </Typography>
      </Toolbar>
      <Box component="nav" aria-label={t('sidebar.nav')} sx={{ flexGrow: 1, overflowY: 'auto', pb: 2 }}>
        <List component="div" sx={{ display: 'grid', gap: 0.25 }}>
          {sidebarItems(role).map((item) => (
            <NavEntry key={item.key} item={item} onNavigate={onNavigate} />
          ))}
          <NavEntry item={{ key: 'request-loa', label: 'Request LOA', path: '/admin/request-loa', icon: 'calendar' }} onNavigate={onNavigate} />
          <ListItemButton onClick={() => setRequestsOpen((o) => !o)} aria-expanded={requestsOpen} aria-controls={groupId} sx={{ borderRadius: 2, mx: 1 }}>
            <ListItemIcon sx={{ minWidth: 38 }}>
              <InboxIcon />
            </ListItemIcon>
            <ListItemText primary={t('sidebar.item.requests')} />
            {requestsOpen ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
          </ListItemButton>
          <Collapse in={requestsOpen} timeout="auto" id={groupId}>
            <List component="div" disablePadding sx={{ display: 'grid', gap: 0.25 }}>
              {REQUEST_NAV.map((item) => (
                <NavEntry key={item.key} item={item} onNavigate={onNavigate} nested />
              ))}
            </List>
          </Collapse>
        </List>
      </Box>
    </Box>
  );
}

/**
 * The staff panel layout (001 §2): sidebar (a slide-over below 768 px),
 * header with the product name, the notification bell and Sign Out, and the
 * content area inside an error boundary.
 */
export function AdminLayout() {
  const { profile, signOut } = useAuth();
  const station = useStation();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const t = useT();
  useEffect(() => setOpen(false), [pathname]);
  if (!profile) return <GateLoading label={t('auth.loadingProfile')} />;
  const role = profile.role;
  const doSignOut = async () => {
    await signOut();
    void navigate('/');
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a className="skip-link" href="#admin-main">
        {t('shell.skipToContent')}
      </a>
      {mobile ? (
        <Drawer anchor="left" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, bgcolor: 'background.paper' } } }}>
          <Sidebar role={role} onNavigate={() => setOpen(false)} />
        </Drawer>
      ) : (
        <Box component="aside" sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: (t) => t.airdeck.backgroundAlt, position: 'sticky', top: 0, height: '100vh' }}>
          <Sidebar role={role} onNavigate={() => undefined} />
        </Box>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" component="header">
          <Toolbar sx={{ gap: 1, minHeight: 64, px: { xs: 1.5, sm: 3 } }}>
            {mobile && (
              <IconButton aria-label={t('admin.openNavigation')} aria-expanded={open} onClick={() => setOpen(true)} edge="start" color="inherit">
                <MenuIcon />
              </IconButton>
            )}
            <Typography variant="h6" component="p" noWrap sx={{ flexGrow: 1, fontWeight: 800, minWidth: 0 }}>
              {station.name}
            </Typography>
            <HeaderBell />
            <Button color="inherit" variant="outlined" size="small" startIcon={<LogoutIcon className="flip-rtl" />} onClick={() => void doSignOut()} sx={{ whiteSpace: 'nowrap' }}>
              {t('admin.signOut')}
            </Button>
          </Toolbar>
        </AppBar>
        <Box component="main" id="admin-main" tabIndex={-1} sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, outline: 'none', minWidth: 0 }}>
          {profile.password_reset_required && (
            <Alert severity="warning" sx={{ mb: 2 }} action={<Button component={RouterLink} to="/profile" color="inherit" size="small">{t('admin.myProfile')}</Button>}>
              {t('admin.passwordReset')}
            </Alert>
          )}
          <AdminErrorBoundary key={pathname}>
            <Suspense fallback={<GateLoading label={t('shell.loading')} />}>
              <Outlet />
            </Suspense>
          </AdminErrorBoundary>
        </Box>
      </Box>
    </Box>
  );
}
