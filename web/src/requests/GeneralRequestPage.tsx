import { GrowingTextarea } from '../ui/GrowingTextarea';
import CheckIcon from '@mui/icons-material/Check';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import { Box, Card, CardContent, Container, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../app/api';
import { CONTACT_TOPICS, GENERAL_SUBJECTS, REQUEST_LIMITS, type GeneralSubject } from '../../../shared/requests';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { sendGeneralRequest } from './api';
import { requestSessionId } from '../platform/session';
import { CheckList, failureDescription, PageHeader, SendButton, SideCard } from './shared-ui';
import { useToast } from '../ui/toast';

/** /general-request: name, email, subject and message, with what to write about and the 48-hour promise. */
export function GeneralRequestPage() {
  usePageMeta({ title: 'Contact Us', description: 'Questions, feedback or general inquiries: send the station a message.' });
  const station = useStation();
  const { toast } = useToast();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [subject, setSubject] = useState<GeneralSubject | ''>('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  // The server's word on each field (issue 19 item 11: an invalid email was only a toast): shown under the field, cleared as it is edited.
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'name' | 'email' | 'subject' | 'message', string>>>({});
  const form = useRef<HTMLFormElement>(null);
  const edited = (field: keyof typeof fieldErrors) => setFieldErrors((f) => (f[field] ? { ...f, [field]: undefined } : f));
  const complete = !!name.trim() && !!email.trim() && subject !== '' && !!message.trim();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || sending) return;
    setSending(true);
    try {
      await sendGeneralRequest({ name, email, subject, message, user_session: requestSessionId() });
      toast({ title: 'Message Sent!', description: 'Your message has been sent successfully!', variant: 'success' });
      setName('');
      setEmail('');
      setSubject('');
      setMessage('');
    } catch (err) {
      console.error('general request failed', err);
      const fields: typeof fieldErrors = {};
      if (err instanceof ApiError) for (const f of err.fields ?? []) if (['name', 'email', 'subject', 'message'].includes(f.path)) fields[f.path as keyof typeof fields] ??= f.message;
      setFieldErrors(fields);
      const first = (['name', 'email', 'subject', 'message'] as const).find((k) => fields[k]);
      if (first) requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
      toast({ title: 'Submission Error', description: failureDescription(err, 'Failed to submit request. Please try again.'), variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader form title="Contact Us" icon={<MailOutlineIcon fontSize="large" sx={{ color: 'primary.main' }} />} intro="Have a question, some feedback or a general inquiry? Send us a message and we'll get back to you." />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3, alignItems: 'start' }}>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Box component="form" ref={form} onSubmit={submit} noValidate aria-label="General inquiry">
              <Stack spacing={2.5}>
                <TextField required name="name" label="Name" value={name} onChange={(e) => { setName(e.target.value); edited('name'); }} error={!!fieldErrors.name} helperText={fieldErrors.name} autoComplete="name" slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.name } }} />
                <TextField required type="email" name="email" label="Email" value={email} onChange={(e) => { setEmail(e.target.value); edited('email'); }} error={!!fieldErrors.email} helperText={fieldErrors.email} autoComplete="email" slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.email } }} />
                <TextField required select name="subject" label="Subject" value={subject} onChange={(e) => { setSubject(e.target.value as GeneralSubject); edited('subject'); }} error={!!fieldErrors.subject} helperText={fieldErrors.subject}>
                  {GENERAL_SUBJECTS.map((s) => (
                    <MenuItem key={s.value} value={s.value}>
                      {s.label}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  required
                  name="message"
                  label="Message"
                  value={message}
                  onChange={(e) => {
                    setMessage(e.target.value);
                    edited('message');
                  }}
                  error={!!fieldErrors.message}
                  helperText={fieldErrors.message}
                  multiline
                  rows={5}
                  sx={{ '& textarea:not([aria-hidden])': { minHeight: 120 } }}
                  slotProps={{ input: { inputComponent: GrowingTextarea }, htmlInput: { maxLength: REQUEST_LIMITS.generalMessage } }}
                />
                <SendButton sending={sending} disabled={!complete || sending}>
                  {sending ? 'Sending Message...' : 'Send Message'}
                </SendButton>
              </Stack>
            </Box>
          </CardContent>
        </Card>
        <Stack spacing={3}>
          <SideCard title="What can you contact us about?">
            <CheckList items={CONTACT_TOPICS} icon={<CheckIcon fontSize="small" sx={{ color: 'primary.main' }} />} />
          </SideCard>
          <SideCard title="Contact Information" gutter sx={{ borderColor: 'primary.main' }}>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              We aim to respond to every message within 48 hours on business days.
            </Typography>
            {station.contactEmail && (
              <Typography color="text.secondary">
                For urgent matters, email us at{' '}
                <Link href={`mailto:${station.contactEmail}`} underline="always" color="primary">
                  {station.contactEmail}
                </Link>
                .
              </Typography>
            )}
          </SideCard>
        </Stack>
      </Box>
    </Container>
  );
}
