import AnnouncementIcon from '@mui/icons-material/Campaign';
import EventIcon from '@mui/icons-material/Event';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PeopleIcon from '@mui/icons-material/People';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import MailIcon from '@mui/icons-material/MailOutlined';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { Chip } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { MessageKey } from '../../../shared/i18n/format';
import { NOTIFICATION_LABELS, type NotificationPriority, type NotificationType } from '../../../shared/notifications';
import { useI18n, useT } from '../i18n/state';

/** The icon of each notification type. */
export function TypeIcon({ type }: { type: NotificationType }): ReactNode {
  const props = { fontSize: 'small' as const, 'aria-hidden': true };
  switch (type) {
    case 'show_added':
    case 'show_updated':
      return <EventIcon {...props} color="primary" />;
    case 'show_deleted':
      return <EventBusyIcon {...props} color="error" />;
    case 'show_conflicts':
      return <WarningIcon {...props} color="warning" />;
    case 'song_request':
      return <MusicNoteIcon {...props} color="primary" />;
    case 'shoutout_request':
      return <RecordVoiceOverIcon {...props} color="primary" />;
    case 'general_request':
      return <MailIcon {...props} color="primary" />;
    case 'application_received':
      return <PersonAddIcon {...props} color="secondary" />;
    case 'user_added':
    case 'user_removed':
      return <PeopleIcon {...props} />;
    case 'system_alert':
      return <WarningIcon {...props} color="error" />;
    default:
      return <AnnouncementIcon {...props} color="secondary" />;
  }
}

const PRIORITY_COLOR: Record<NotificationPriority, 'error' | 'warning' | 'default' | 'info'> = { urgent: 'error', high: 'warning', normal: 'info', low: 'default' };

/** The priority badge. */
export function PriorityChip({ priority }: { priority: NotificationPriority }) {
  const t = useT();
  const c = PRIORITY_COLOR[priority];
  // Outlined text in the status colour: its lighter shade on dark themes, darker on light ones, for 4.5:1 on the card
  // (the error red itself, #f44336, fell short on the dark cards).
  const tone = c === 'default' ? undefined : (t: Theme) => (t.palette.mode === 'dark' ? t.palette[c].light : t.palette[c].dark);
  return <Chip size="small" variant="outlined" color={c} label={t(`notifications.priority.${priority}`)} sx={{ height: 22, fontWeight: 600, ...(tone ? { color: tone, borderColor: tone } : {}) }} />;
}

/**
 * A notification type's name, its preference group's title and a notification's timestamp ('12 Mar, 14:05'-style,
 * the full date in the tooltip), in the reader's language. A type the catalogue does not name yet keeps its English
 * label (shared/notifications.ts), never its key.
 */
export function useNotificationText() {
  const t = useT();
  const { intl } = useI18n();
  const format = new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  const named = (key: string, fallback: string) => {
    const text = t(key as MessageKey);
    return text === key ? fallback : text;
  };
  return {
    typeLabel: (type: NotificationType) => named(`notifications.type.${type}`, NOTIFICATION_LABELS[type]),
    groupTitle: (title: string) => named(`notifications.group.${title.replace(/[^A-Za-z]/g, '')}`, title),
    stamp: (iso: string) => format.format(new Date(iso)),
  };
}
