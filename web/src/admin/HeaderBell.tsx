import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Alert, Badge, Box, Button, CircularProgress, Divider, IconButton, List, ListItem, ListItemButton, Popover, Stack, Tooltip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { notificationTarget, type NotificationView } from '../../../shared/notifications';
import { useI18n } from '../i18n/state';
import { useBellNotifications, useNotificationActions, useNotificationsLive } from '../notifications/api';
import { PriorityChip, TypeIcon, useNotificationText } from '../notifications/parts';

/** The badge text: the count, '99+' above 99 (001 §2, §9). */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** How long ago, in the reader's language ('5 min ago', 'قبل 5 دقائق'), from Intl. */
export function agoText(ms: number, nowMs: number, intl: string): string {
  const s = Math.floor((Number.isFinite(ms) && Number.isFinite(nowMs) ? Math.max(0, nowMs - ms) : 0) / 1000);
  const f = new Intl.RelativeTimeFormat(intl, { style: 'narrow', numeric: 'always' });
  if (s < 60) return f.format(-s, 'second');
  if (s < 3600) return f.format(-Math.floor(s / 60), 'minute');
  if (s < 86400) return f.format(-Math.floor(s / 3600), 'hour');
  return f.format(-Math.floor(s / 86400), 'day');
}

/**
 * The notification bell of the staff header (001 §2): the unread count as a
 * badge, and a popover with the latest 50, live over the `notifications`
 * channel. Clicking one marks it read and opens the screen for its type.
 */
export function HeaderBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data, isPending, isError, refetch, isFetching } = useBellNotifications();
  const { markRead, markAll } = useNotificationActions();
  const navigate = useNavigate();
  const popoverId = useId();
  const { t, intl } = useI18n();
  const { typeLabel } = useNotificationText();
  const [announce, setAnnounce] = useState('');
  useNotificationsLive((n) => setAnnounce(t('bell.announce', { title: n.title })));
  const unread = data?.unread ?? 0;
  const open = Boolean(anchor);

  const go = (n: NotificationView) => {
    if (!n.user_is_read) markRead.mutate(n.id);
    setAnchor(null);
    void navigate(notificationTarget(n.type));
  };

  return (
    <>
      <Box aria-live="polite" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
        {announce}
      </Box>
      <Tooltip title={t('notifications.heading')}>
        <IconButton
          color="inherit"
          aria-label={unread > 0 ? t('bell.unreadLabel', { count: badgeText(unread) }) : t('notifications.heading')}
          aria-haspopup="dialog"
          aria-controls={open ? popoverId : undefined}
          aria-expanded={open}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={unread > 0 ? badgeText(unread) : null} color="error" data-testid="bell-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('notifications.heading'), sx: { width: { xs: 'calc(100vw - 24px)', sm: 380 }, maxHeight: 520, display: 'flex', flexDirection: 'column' } } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.25, gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
            {t('notifications.heading')}
          </Typography>
          {unread > 0 && (
            <Button size="small" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
              {t('notifications.markAllRead')}
            </Button>
          )}
        </Stack>
        <Divider />
        <Box sx={{ overflowY: 'auto', flex: 1 }}>
          {isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} role="status" aria-label={t('notifications.loading')}>
              <CircularProgress size={24} />
            </Box>
          ) : isError ? (
            <Alert
              severity="error"
              sx={{ m: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
                  {t('bell.retry')}
                </Button>
              }
            >
              {t('bell.error')}
            </Alert>
          ) : data.notifications.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 5, px: 2 }}>
              <NotificationsIcon sx={{ fontSize: 36, color: 'text.disabled' }} aria-hidden />
              <Typography sx={{ fontWeight: 600 }}>{t('bell.emptyTitle')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('bell.emptyBody')}
              </Typography>
            </Box>
          ) : (
            <List dense disablePadding aria-label={t('bell.latest')}>
              {data.notifications.map((n) => (
                <ListItem key={n.id} disablePadding divider>
                <ListItemButton onClick={() => go(n)} sx={{ alignItems: 'flex-start', gap: 1.25, py: 1.25, bgcolor: n.user_is_read ? undefined : 'action.hover' }}>
                  <Box sx={{ pt: 0.25 }}>
                    <TypeIcon type={n.type} />
                  </Box>
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                      <Typography variant="body2" sx={{ fontWeight: n.user_is_read ? 500 : 700, flex: 1, minWidth: 0 }} noWrap>
                        {n.title}
                      </Typography>
                      {!n.user_is_read && <Box component="span" aria-label={t('notifications.unread')} sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', flexShrink: 0 }} />}
                    </Stack>
                    <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                      {n.message}
                    </Typography>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 0.5 }}>
                      <PriorityChip priority={n.priority} />
                      <Typography variant="caption" color="text.secondary">
                        {typeLabel(n.type)} · {agoText(Date.parse(n.created_at), Date.now(), intl)}
                      </Typography>
                    </Stack>
                  </Box>
                </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        <Divider />
        <Button component={RouterLink} to="/admin/notifications" onClick={() => setAnchor(null)} sx={{ m: 1 }}>
          {t('bell.viewAll')}
        </Button>
      </Popover>
    </>
  );
}
