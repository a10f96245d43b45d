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
import type { NotificationPriority, NotificationType } from '../../../shared/notifications';

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
  const c = PRIORITY_COLOR[priority];
  // Outlined text in the status colour: its lighter shade on dark themes, darker on light ones, for 4.5:1 on the card
  // (the error red itself, #f44336, fell short on the dark cards).
  const tone = c === 'default' ? undefined : (t: Theme) => (t.palette.mode === 'dark' ? t.palette[c].light : t.palette[c].dark);
  return <Chip size="small" variant="outlined" color={c} label={priority[0]!.toUpperCase() + priority.slice(1)} sx={{ height: 22, fontWeight: 600, ...(tone ? { color: tone, borderColor: tone } : {}) }} />;
}

const stampFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false });

/** A notification's timestamp: 'Mar 12, 14:05'-style, the full date in the tooltip. */
export function stamp(iso: string): string {
  return stampFmt.format(new Date(iso));
}
