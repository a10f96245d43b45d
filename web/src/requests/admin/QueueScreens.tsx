import { Box, Chip, Typography } from '@mui/material';
import { GENERAL_SUBJECTS, QUEUE_TEXTS, type GeneralRequestView, type ShoutoutRequestView, type SongRequestView } from '../../../../shared/requests';
import { LOA_REASONS, type LoaView } from '../../../../shared/leave';
import { MusicLinksButton } from '../../integrations/admin/MusicLinksButton';
import { QueueTable } from './QueueTable';
import { useState } from 'react';
import { LeaveApprovalDialog, WithdrawLeaveButton } from './LeaveApproval';

const Muted = ({ children }: { children: React.ReactNode }) => (
  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
    {children}
  </Typography>
);

/** Song Requests (001 §2): with the music-link lookup, disabled without the manage permission. */
export function SongRequests() {
  return (
    <QueueTable<'song'>
      kind="song"
      title="Song Requests"
      subtitle="Songs listeners asked for, newest first."
      label="song"
      describe={(r: SongRequestView) => `${r.title} by ${r.artist}`}
      columns={[
        {
          header: 'Song',
          cell: (r) => (
            <Box>
              <Typography sx={{ fontWeight: 600 }}>
                {r.title}
                {r.request_type === 'custom' && <Chip size="small" variant="outlined" label="Custom" sx={{ ml: 1, verticalAlign: 'middle' }} />}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {r.artist}
              </Typography>
            </Box>
          ),
        },
        { header: 'Requester', cell: (r) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{r.requester}</Box> },
        { header: 'Message', prose: true, cell: (r) => (r.message ? <Muted>{r.message}</Muted> : <Muted>—</Muted>) },
      ]}
      actions={(r, rights) => <MusicLinksButton title={r.title} artist={r.artist} url={r.external_url} disabled={!rights.change} />}
    />
  );
}

/** Shoutout Requests (001 §2). */
export function ShoutoutRequests() {
  return (
    <QueueTable<'shoutout'>
      kind="shoutout"
      title="Shoutout Requests"
      subtitle="Shoutouts to read out on air, newest first."
      label="shoutout"
      describe={(r: ShoutoutRequestView) => `shoutout from ${r.requester_name} to ${r.recipient_name}`}
      columns={[
        { header: 'From', cell: (r) => <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{r.requester_name}</Typography> },
        { header: 'To', cell: (r) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{r.recipient_name}</Box> },
        { header: 'Message', prose: true, cell: (r) => <Muted>{r.message}</Muted> },
      ]}
    />
  );
}

/** General Requests (001 §2). */
export function GeneralRequests() {
  return (
    <QueueTable<'general'>
      kind="general"
      title="General Requests"
      subtitle="Messages and inquiries from listeners, newest first."
      label="general"
      describe={(r: GeneralRequestView) => `message from ${r.name}`}
      columns={[
        {
          header: 'From',
          cell: (r) => (
            <Box>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{r.name}</Typography>
              <Typography variant="body2" component="a" href={`mailto:${r.email}`} sx={{ color: 'primary.main', overflowWrap: 'break-word' }}>
                {r.email}
              </Typography>
            </Box>
          ),
        },
        { header: 'Subject', cell: (r) => <Chip size="small" variant="outlined" label={GENERAL_SUBJECTS.find((s) => s.value === r.subject)?.label ?? r.subject} /> },
        { header: 'Message', prose: true, cell: (r) => <Muted>{r.message}</Muted> },
      ]}
    />
  );
}

const dateOnly = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Leave of Absence Requests (001 §2): dates with the day count, reason, notes or 'No additional notes'. */
export function LoaRequests() {
  const [approving, setApproving] = useState<LoaView | null>(null);
  return (
    <>
    {approving && <LeaveApprovalDialog leave={approving} onClose={() => setApproving(null)} />}
    <QueueTable<'loa'>
      kind="loa"
      interceptStatus={(r: LoaView, status) => {
        if (status !== 'approved' || r.status === 'approved') return false;
        setApproving(r);
        return true;
      }}
      actions={(r: LoaView, rights) => (r.status === 'pending' && !rights.change ? <WithdrawLeaveButton leave={r} /> : null)}
      title="Leave of Absence Requests"
      subtitle="Time off presenters asked for. Approved leave takes them off the outstanding-bookings list for those weeks."
      label="LOA"
      dateHeader="Submitted"
      describe={(r: LoaView) => `leave for ${r.presenter_name}`}
      columns={[
        {
          header: 'Presenter',
          cell: (r) => (
            <Box>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{r.presenter_name}</Typography>
              {r.presenter_email && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
                  {r.presenter_email}
                </Typography>
              )}
            </Box>
          ),
        },
        {
          header: 'Dates',
          nowrap: true,
          cell: (r) => (
            <Box>
              <Typography variant="body2">
                {dateOnly(r.start_date)} – {dateOnly(r.end_date)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {r.days} {r.days === 1 ? 'day' : 'days'}
              </Typography>
            </Box>
          ),
        },
        { header: 'Reason', cell: (r) => <Chip size="small" variant="outlined" label={LOA_REASONS.find((x) => x.value === r.reason)?.label ?? r.reason} /> },
        { header: 'Notes', prose: true, cell: (r) => <Muted>{r.additional_notes ?? QUEUE_TEXTS.noNotes}</Muted> },
      ]}
    />
    </>
  );
}
