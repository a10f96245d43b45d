import { GrowingTextarea } from '../ui/GrowingTextarea';
import CampaignIcon from '@mui/icons-material/Campaign';
import { Alert, Box, Card, CardContent, Container, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { REQUEST_LIMITS, SHOUTOUT_GUIDANCE_CHARS } from '../../../shared/requests';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { sendShoutout } from './api';
import { requestSessionId } from '../platform/session';
import { failureDescription, OffAirNotice, PageHeader, SendButton } from './shared-ui';
import { useToast } from '../ui/toast';

/** /shoutout-request: your name, who it is for and the message; under 250 characters is advised, not enforced. */
export function ShoutoutRequestPage() {
  usePageMeta({ title: 'Shoutout Request', description: 'Send a shoutout to someone special, read out live on air.' });
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
      toast({ title: 'Shoutout Sent!', description: 'Your shoutout request has been sent successfully!', variant: 'success' });
      setRequester('');
      setRecipient('');
      setMessage('');
    } catch (err) {
      console.error('shoutout failed', err);
      toast({ title: 'Submission Error', description: failureDescription(err, 'Failed to submit shoutout. Please try again.'), variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader form title="Send a Shoutout" icon={<CampaignIcon fontSize="large" sx={{ color: 'primary.main' }} />} intro="Say hello, celebrate a birthday or cheer someone on: the presenter will read it out live." />
      <OffAirNotice />
      {closed && (
        <Alert severity="info" sx={{ mb: 3 }}>
          <strong>Requests are closed</strong> right now. Please try again later.
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" onSubmit={submit} noValidate aria-label="Shoutout request">
            <Stack spacing={2.5}>
              <TextField required label="Your Name" value={requester} onChange={(e) => setRequester(e.target.value)} autoComplete="name" slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.requester } }} />
              <TextField required label="Recipient" placeholder="Who is the shoutout for?" value={recipient} onChange={(e) => setRecipient(e.target.value)} slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.recipient } }} />
              <TextField
                required
                label="Message"
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                multiline
                rows={4}
                helperText={
                  over
                    ? `${message.length} characters: shoutouts under ${SHOUTOUT_GUIDANCE_CHARS} characters are more likely to be read in full.`
                    : `${message.length}/${SHOUTOUT_GUIDANCE_CHARS} characters. Keep it under ${SHOUTOUT_GUIDANCE_CHARS} so it fits on air.`
                }
                slotProps={{ input: { inputComponent: GrowingTextarea }, htmlInput: { maxLength: REQUEST_LIMITS.shoutoutMessage }, formHelperText: { sx: { color: over ? 'warning.main' : undefined } } }}
              />
              <SendButton sending={sending} disabled={!complete || sending || closed}>
                {sending ? 'Sending...' : 'Send Shoutout'}
              </SendButton>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
