import { GrowingTextarea } from '../ui/GrowingTextarea';
import CampaignIcon from '@mui/icons-material/Campaign';
import { Alert, Box, Card, CardContent, Container, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { REQUEST_LIMITS, SHOUTOUT_GUIDANCE_CHARS } from '../../../shared/requests';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { sendShoutout } from './api';
import { requestSessionId } from '../platform/session';
import { ClosedNotice, failureDescription, OffAirNotice, PageHeader, SendButton } from './shared-ui';
import { useToast } from '../ui/toast';
import { useT } from '../i18n/state';

/** /shoutout-request: your name, who it is for and the message; under 250 characters is advised, not enforced. */
export function ShoutoutRequestPage() {
  const t = useT();
  usePageMeta({ title: t('shoutout.metaTitle'), description: t('shoutout.metaDescription') });
  const station = useStation();
  const { toast } = useToast();
  const [requester, setRequester] = useState('');
  const [recipient, setRecipient] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const closed = !station.requestsOpen;
  const complete = !!requester.trim() && !!recipient.trim() && !!message.trim();
  const over = message.length > SHOUTOUT_GUIDANCE_CHARS;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || sending || closed) return;
    setSending(true);
    try {
      await sendShoutout({ requester_name: requester, recipient_name: recipient, message, user_session: requestSessionId() });
      toast({ title: t('shoutout.sent'), description: t('shoutout.sentText'), variant: 'success' });
      setRequester('');
      setRecipient('');
      setMessage('');
    } catch (err) {
      console.error('shoutout failed', err);
      toast({ title: t('songRequest.toast.failed'), description: failureDescription(err, t('shoutout.failedText')), variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader form title={t('shoutout.title')} icon={<CampaignIcon fontSize="large" sx={{ color: 'primary.main' }} />} intro={t('shoutout.intro')} />
      <OffAirNotice />
      {closed && (
        <Alert severity="info" sx={{ mb: 3 }}>
          <ClosedNotice />
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" onSubmit={submit} noValidate aria-label={t('shoutout.formLabel')}>
            <Stack spacing={2.5}>
              <TextField required label={t('songRequest.yourName')} value={requester} onChange={(e) => setRequester(e.target.value)} autoComplete="name" slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.requester } }} />
              <TextField required label={t('shoutout.recipient')} placeholder={t('shoutout.recipientPlaceholder')} value={recipient} onChange={(e) => setRecipient(e.target.value)} slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.recipient } }} />
              <TextField
                required
                label={t('shoutout.message')}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                multiline
                rows={4}
                helperText={
                  over
                    ? t('shoutout.over', { count: message.length, limit: SHOUTOUT_GUIDANCE_CHARS })
                    : t('shoutout.count', { count: message.length, limit: SHOUTOUT_GUIDANCE_CHARS })
                }
                slotProps={{ input: { inputComponent: GrowingTextarea }, htmlInput: { maxLength: REQUEST_LIMITS.shoutoutMessage }, formHelperText: { sx: { color: over ? 'warning.main' : undefined } } }}
              />
              <SendButton sending={sending} disabled={!complete || sending || closed}>
                {sending ? t('shoutout.sending') : t('shoutout.send')}
              </SendButton>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
