import CampaignIcon from '@mui/icons-material/Campaign';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import CloseIcon from '@mui/icons-material/Close';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  FormControlLabel,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  HIDDEN_NOTIFICATION_TYPES,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  PREFERENCE_GROUPS,
  preferenceTypesFor,
  notificationTarget,
  type NotificationPreferences,
  type NotificationPriority,
  type NotificationView,
} from '../../../shared/notifications';
import { can } from '../../../shared/permissions';
import { ApiError } from '../app/api';
import { useAuth } from '../auth/AuthProvider';
import { useToast } from '../ui/toast';
import { useNotificationActions, useNotificationsLive, usePreferences, useSavePreferences, useScreenNotifications } from './api';
import { PriorityChip, TypeIcon, useNotificationText } from './parts';
import { useT } from '../i18n/state';
import { SearchField } from '../ui/Filters';

type StatusFilter = 'all' | 'unread' | 'read';
const LISTED_TYPES = NOTIFICATION_TYPES.filter((t) => !HIDDEN_NOTIFICATION_TYPES.includes(t));
const message = (err: unknown, unknown: string) => (err instanceof Error ? err.message : unknown);

function NotificationCard({ n }: { n: NotificationView }) {
  const { markRead, dismiss } = useNotificationActions();
  const { toast } = useToast();
  const t = useT();
  const { typeLabel, stamp } = useNotificationText();
  const navigate = useNavigate();
  const open = () => {
    if (!n.user_is_read) markRead.mutate(n.id);
    void navigate(notificationTarget(n.type));
  };
  const read = async () => {
    try {
      await markRead.mutateAsync(n.id);
      toast({ title: t('notifications.markedRead'), variant: 'success' });
    } catch (err) {
      toast({ title: t('notifications.markReadFailed', { message: message(err, t('notifications.unknownError')) }), variant: 'error' });
    }
  };
  const drop = async () => {
    try {
      await dismiss.mutateAsync(n.id);
      toast({ title: t('notifications.dismissed'), variant: 'success' });
    } catch (err) {
      toast({ title: t('notifications.dismissFailed', { message: message(err, t('notifications.unknownError')) }), variant: 'error' });
    }
  };
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', borderInlineStart: 4, borderInlineStartColor: n.user_is_read ? 'divider' : 'primary.main' }}>
      {/* Named by its own text (WCAG 2.5.3: a name that leaves out the visible words fails label-in-name). */}
      <CardActionArea onClick={open}>
        <CardContent sx={{ pb: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.75 }}>
            <TypeIcon type={n.type} />
            <Typography variant="caption" sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.5 }}>
              {typeLabel(n.type)}
            </Typography>
            <PriorityChip priority={n.priority} />
            {!n.user_is_read && <Chip size="small" color="primary" label={t('notifications.new')} sx={{ height: 22 }} />}
            <Typography variant="caption" color="text.secondary" sx={{ marginInlineStart: 'auto' }} title={new Date(n.created_at).toString()}>
              {stamp(n.created_at)}
            </Typography>
          </Stack>
          <Typography sx={{ fontWeight: n.user_is_read ? 500 : 700 }}>{n.title}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {n.message}
          </Typography>
        </CardContent>
      </CardActionArea>
      <Stack direction="row" sx={{ gap: 1, px: 2, pb: 1.5, justifyContent: 'flex-end' }}>
        {!n.user_is_read && (
          <Button size="small" startIcon={<DoneIcon />} onClick={() => void read()} disabled={markRead.isPending}>
            {t('notifications.markRead')}
          </Button>
        )}
        <Button size="small" color="inherit" startIcon={<CloseIcon />} onClick={() => void drop()} disabled={dismiss.isPending}>
          {t('notifications.dismiss')}
        </Button>
      </Stack>
    </Card>
  );
}

function AnnouncementForm() {
  const { announce } = useNotificationActions();
  const { toast } = useToast();
  const t = useT();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [priority, setPriority] = useState<NotificationPriority>('normal');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Box sx={{ mb: 2 }}>
        <Button variant="outlined" startIcon={<CampaignIcon />} onClick={() => setOpen(true)}>
          {t('notifications.announce')}
        </Button>
      </Box>
    );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!title.trim()) return setError(t('notifications.titleRequired'));
    if (!body.trim()) return setError(t('notifications.messageRequired'));
    try {
      await announce.mutateAsync({ title: title.trim(), message: body.trim(), priority });
      toast({ title: t('notifications.announcementSent'), description: title.trim(), variant: 'success' });
      setTitle('');
      setBody('');
      setPriority('normal');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('notifications.announceFailed'));
    }
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate sx={{ p: 2, mb: 3 }} aria-labelledby="announce-heading">
      <Typography id="announce-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('notifications.announce')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
        <TextField label={t('notifications.title')} value={title} onChange={(e) => setTitle(e.target.value)} size="small" required slotProps={{ htmlInput: { maxLength: 200 } }} sx={{ flex: 2 }} />
        <TextField select label={t('notifications.priority')} value={priority} onChange={(e) => setPriority(e.target.value as NotificationPriority)} size="small" sx={{ minWidth: 130 }}>
          {NOTIFICATION_PRIORITIES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`notifications.priority.${p}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField label={t('notifications.message')} value={body} onChange={(e) => setBody(e.target.value)} size="small" required multiline minRows={2} fullWidth sx={{ mt: 1.5 }} slotProps={{ htmlInput: { maxLength: 2000 } }} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1.5 }}>
        <Button onClick={() => setOpen(false)} disabled={announce.isPending}>
          {t('notifications.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={announce.isPending}>
          {announce.isPending ? t('notifications.sending') : t('notifications.send')}
        </Button>
      </Box>
    </Paper>
  );
}

function AllNotifications() {
  const { data, isPending, isError, error, refetch, isFetching } = useScreenNotifications();
  const { markAll } = useNotificationActions();
  const { toast } = useToast();
  const t = useT();
  const { typeLabel } = useNotificationText();
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<'all' | (typeof LISTED_TYPES)[number]>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (data?.notifications ?? []).filter(
      (n) =>
        (type === 'all' || n.type === type) &&
        (status === 'all' || (status === 'unread' ? !n.user_is_read : n.user_is_read)) &&
        (!q || n.title.toLowerCase().includes(q) || n.message.toLowerCase().includes(q)),
    );
  }, [data, search, type, status]);
  const unread = data?.unread ?? 0;

  return (
    <Box>
      {user && can(user.role, 'notifications.announce') && <AnnouncementForm />}
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5, mb: 2, alignItems: { md: 'center' } }}>
        <SearchField placeholder={t('notifications.search')} ariaLabel={t('notifications.search')} value={search} onChange={setSearch} sx={{ flex: 1, minWidth: 200 }} />
        <Stack direction="row" sx={{ gap: 1.5 }}>
          <TextField select size="small" label={t('notifications.type')} value={type} onChange={(e) => setType(e.target.value as typeof type)} sx={{ minWidth: 170, flex: 1 }}>
            <MenuItem value="all">{t('notifications.allTypes')}</MenuItem>
            {LISTED_TYPES.map((ty) => (
              <MenuItem key={ty} value={ty}>
                {typeLabel(ty)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('notifications.status')} value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} sx={{ minWidth: 120, flex: 1 }}>
            <MenuItem value="all">{t('notifications.all')}</MenuItem>
            <MenuItem value="unread">{t('notifications.unread')}</MenuItem>
            <MenuItem value="read">{t('notifications.read')}</MenuItem>
          </TextField>
        </Stack>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void refetch()} disabled={isFetching}>
            {t('notifications.refresh')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<DoneAllIcon />}
            disabled={unread === 0 || markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, {
                onSuccess: () => toast({ title: t('notifications.allMarkedRead'), variant: 'success' }),
                onError: (err) => toast({ title: t('notifications.markReadFailed', { message: message(err, t('notifications.unknownError')) }), variant: 'error' }),
              })
            }
          >
            {t('notifications.markAllRead')}
          </Button>
        </Stack>
      </Stack>

      {isPending ? (
        <Stack sx={{ gap: 1.5 }} role="status" aria-label={t('notifications.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={110} />
          ))}
        </Stack>
      ) : isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('logs.tryAgain')}
            </Button>
          }
        >
          <Typography sx={{ fontWeight: 700 }}>{t('notifications.errorTitle')}</Typography>
          {message(error, t('notifications.unknownError'))}
        </Alert>
      ) : shown.length === 0 ? (
        <Paper variant="outlined" sx={{ textAlign: 'center', py: 6, px: 2 }}>
          <NotificationsIcon sx={{ fontSize: 40, color: 'text.disabled' }} aria-hidden />
          <Typography sx={{ fontWeight: 700 }}>{t('notifications.emptyTitle')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('notifications.emptyBody')}
          </Typography>
        </Paper>
      ) : (
        <Stack component="ul" sx={{ gap: 1.5, p: 0, m: 0 }} aria-label={t('notifications.heading')}>
          {shown.map((n) => (
            <NotificationCard key={n.id} n={n} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function Preferences() {
  const { profile } = useAuth();
  // Only the types this role can ever receive (issue 30 item 7); groups left empty are not drawn.
  const offered = new Set(preferenceTypesFor(profile?.role));
  const groups = PREFERENCE_GROUPS.map((g) => ({ ...g, types: g.types.filter((type) => offered.has(type)) })).filter((g) => g.types.length > 0);
  const { data, isPending, isError, refetch } = usePreferences();
  const save = useSavePreferences();
  const { toast } = useToast();
  const t = useT();
  const { typeLabel, groupTitle } = useNotificationText();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (data) setDraft(data);
  }, [data]);
  if (isPending || (!draft && !isError)) return <Skeleton variant="rounded" height={320} />;
  if (isError || !draft)
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void refetch()}>{t('logs.tryAgain')}</Button>}>
        {t('notifications.preferencesFailed')}
      </Alert>
    );
  const dirty = NOTIFICATION_TYPES.some((type) => draft[type] !== data?.[type]);
  const submit = async () => {
    try {
      await save.mutateAsync(draft);
      toast({ title: t('notifications.preferencesSaved'), description: t('notifications.preferencesSavedBody'), variant: 'success' });
    } catch (err) {
      toast({ title: t('notifications.preferencesSaveFailed'), description: message(err, t('notifications.unknownError')), variant: 'error' });
    }
  };
  return (
    <Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {groups.map((g) => (
          <Paper key={g.title} variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, px: 0.5 }}>
              {groupTitle(g.title)}
            </Typography>
            <Stack>
              {g.types.map((type) => (
                <FormControlLabel
                  key={type}
                  control={<Switch checked={draft[type]} onChange={(e) => setDraft({ ...draft, [type]: e.target.checked })} />}
                  label={typeLabel(type)}
                />
              ))}
            </Stack>
          </Paper>
        ))}
      </Box>
      {dirty && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2, position: 'sticky', bottom: 16 }}>
          <Button onClick={() => setDraft(data ?? draft)} disabled={save.isPending}>
            {t('notifications.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
            {save.isPending ? t('notifications.saving') : t('notifications.savePreferences')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The Notifications screen (001 §2): All Notifications and Preferences tabs. */
export default function NotificationsScreen() {
  const [tab, setTab] = useState(0);
  const t = useT();
  const { data } = useScreenNotifications();
  useNotificationsLive();
  const unread = data?.unread ?? 0;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('notifications.heading')}
        </Typography>
        <Chip color={unread > 0 ? 'error' : 'default'} sx={unread > 0 ? { bgcolor: 'error.dark', color: '#fff' } : undefined} label={unread > 99 ? t('notifications.unreadMany') : t('notifications.unreadCount', { count: unread })} aria-live="polite" />
      </Stack>
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab label={t('notifications.allTab')} id="notif-tab-0" aria-controls="notif-panel-0" />
        <Tab label={t('notifications.preferencesTab')} id="notif-tab-1" aria-controls="notif-panel-1" />
      </Tabs>
      <Box role="tabpanel" id={`notif-panel-${tab}`} aria-labelledby={`notif-tab-${tab}`}>
        {tab === 0 ? <AllNotifications /> : <Preferences />}
      </Box>
    </Box>
  );
}
