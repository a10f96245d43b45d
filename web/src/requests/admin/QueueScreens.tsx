import { Box, Chip, Typography } from '@mui/material';
import type { GeneralRequestView, ShoutoutRequestView, SongRequestView } from '../../../../shared/requests';
import type { LoaView } from '../../../../shared/leave';
import { useT } from '../../i18n/state';
import { reasonText, subjectText, useCalendarDate } from './texts';
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
  const t = useT();
  return (
    <QueueTable<'song'>
      kind="song"
      title={t('queue.song.title')}
      subtitle={t('queue.song.subtitle')}
      describe={(r: SongRequestView) => t('queue.song.describe', { title: r.title, artist: r.artist })}
      columns={[
        {
          header: t('queue.col.song'),
          cell: (r) => (
            <Box>
              <Typography sx={{ fontWeight: 600 }}>
                {r.title}
                {r.request_type === 'custom' && <Chip size="small" variant="outlined" label={t('queue.custom')} sx={{ ml: 1, verticalAlign: 'middle' }} />}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {r.artist}
              </Typography>
            </Box>
          ),
        },
        { header: t('queue.col.requester'), cell: (r) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{r.requester}</Box> },
        { header: t('queue.col.message'), prose: true, cell: (r) => (r.message ? <Muted>{r.message}</Muted> : <Muted>—</Muted>) },
      ]}
      actions={(r, rights) => <MusicLinksButton title={r.title} artist={r.artist} url={r.external_url} disabled={!rights.change} />}
    />
  );
}

/** Shoutout Requests (001 §2). */
export function ShoutoutRequests() {
  const t = useT();
  return (
    <QueueTable<'shoutout'>
      kind="shoutout"
      title={t('queue.shoutout.title')}
      subtitle={t('queue.shoutout.subtitle')}
      describe={(r: ShoutoutRequestView) => t('queue.shoutout.describe', { from: r.requester_name, to: r.recipient_name })}
      columns={[
        { header: t('queue.col.from'), cell: (r) => <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{r.requester_name}</Typography> },
        { header: t('queue.col.to'), cell: (r) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{r.recipient_name}</Box> },
        { header: t('queue.col.message'), prose: true, cell: (r) => <Muted>{r.message}</Muted> },
      ]}
    />
  );
}

/** General Requests (001 §2). */
export function GeneralRequests() {
  const t = useT();
  return (
    <QueueTable<'general'>
      kind="general"
      title={t('queue.general.title')}
      subtitle={t('queue.general.subtitle')}
      describe={(r: GeneralRequestView) => t('queue.general.describe', { name: r.name })}
      columns={[
        {
          header: t('queue.col.from'),
          cell: (r) => (
            <Box>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{r.name}</Typography>
              <Typography variant="body2" component="a" href={`mailto:${r.email}`} sx={{ color: 'primary.main', overflowWrap: 'break-word' }}>
                {r.email}
              </Typography>
            </Box>
          ),
        },
        { header: t('queue.col.subject'), cell: (r) => <Chip size="small" variant="outlined" label={subjectText(t, r.subject)} /> },
        { header: t('queue.col.message'), prose: true, cell: (r) => <Muted>{r.message}</Muted> },
      ]}
    />
  );
}

/** Leave of Absence Requests (001 §2): dates with the day count, reason, notes or 'No additional notes'. */
export function LoaRequests() {
  const [approving, setApproving] = useState<LoaView | null>(null);
  const t = useT();
  const dateOnly = useCalendarDate({ day: 'numeric', month: 'short', year: 'numeric' });
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
      title={t('loa.queue.title')}
      subtitle={t('loa.queue.subtitle')}
      dateHeader={t('queue.submitted')}
      describe={(r: LoaView) => t('loa.queue.describe', { name: r.presenter_name })}
      columns={[
        {
          header: t('loa.col.presenter'),
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
          header: t('loa.col.dates'),
          nowrap: true,
          cell: (r) => (
            <Box>
              <Typography variant="body2">
                {t('loa.range', { start: dateOnly(r.start_date), end: dateOnly(r.end_date) })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('loa.days', { count: r.days })}
              </Typography>
            </Box>
          ),
        },
        { header: t('loa.col.reason'), cell: (r) => <Chip size="small" variant="outlined" label={reasonText(t, r.reason)} /> },
        { header: t('loa.col.notes'), prose: true, cell: (r) => <Muted>{r.additional_notes ?? t('loa.noNotes')}</Muted> },
      ]}
    />
    </>
  );
}
