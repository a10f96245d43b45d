import { GrowingTextarea } from '../ui/GrowingTextarea';
import CheckIcon from '@mui/icons-material/Check';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import { Box, Card, CardContent, Container, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../app/api';
import { GENERAL_SUBJECTS, REQUEST_LIMITS, type GeneralSubject } from '../../../shared/requests';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { sendGeneralRequest } from './api';
import { requestSessionId } from '../platform/session';
import { CheckList, failureDescription, PageHeader, SendButton, SideCard } from './shared-ui';
import { useToast } from '../ui/toast';
import { aroundSlot, SLOT, useT } from '../i18n/state';

/** The side card's list of topics (shared/requests.ts CONTACT_TOPICS, in order), as catalogue keys. */
const TOPICS = ['feedback', 'technical', 'advertising', 'partnership', 'events', 'music', 'community', 'other'] as const;

/** /general-request: name, email, subject and message, with what to write about and the 48-hour promise. */
export function GeneralRequestPage() {
  const t = useT();
  usePageMeta({ title: t('generalRequest.metaTitle'), description: t('generalRequest.metaDescription') });
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
      toast({ title: t('generalRequest.sent'), description: t('generalRequest.sentText'), variant: 'success' });
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
      toast({ title: t('songRequest.toast.failed'), description: failureDescription(err, t('songRequest.toast.failedText')), variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader form title={t('generalRequest.metaTitle')} icon={<MailOutlineIcon fontSize="large" sx={{ color: 'primary.main' }} />} intro={t('generalRequest.intro')} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3, alignItems: 'start' }}>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Box component="form" ref={form} onSubmit={submit} noValidate aria-label={t('generalRequest.formLabel')}>
              <Stack spacing={2.5}>
                <TextField required name="name" label={t('generalRequest.name')} value={name} onChange={(e) => { setName(e.target.value); edited('name'); }} error={!!fieldErrors.name} helperText={fieldErrors.name} autoComplete="name" slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.name } }} />
                <TextField required type="email" name="email" label={t('generalRequest.email')} value={email} onChange={(e) => { setEmail(e.target.value); edited('email'); }} error={!!fieldErrors.email} helperText={fieldErrors.email} autoComplete="email" slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.email } }} />
                <TextField required select name="subject" label={t('generalRequest.subject')} value={subject} onChange={(e) => { setSubject(e.target.value as GeneralSubject); edited('subject'); }} error={!!fieldErrors.subject} helperText={fieldErrors.subject}>
                  {GENERAL_SUBJECTS.map((s) => (
                    <MenuItem key={s.value} value={s.value}>
                      {t(`generalRequest.subject.${s.value}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  required
                  name="message"
                  label={t('generalRequest.message')}
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
                  {sending ? t('generalRequest.sending') : t('generalRequest.send')}
                </SendButton>
              </Stack>
            </Box>
          </CardContent>
        </Card>
        <Stack spacing={3}>
          <SideCard title={t('generalRequest.topicsTitle')}>
            <CheckList items={TOPICS.map((k) => t(`generalRequest.topic.${k}`))} icon={<CheckIcon fontSize="small" sx={{ color: 'primary.main' }} />} />
          </SideCard>
          <SideCard title={t('generalRequest.contactTitle')} gutter sx={{ borderColor: 'primary.main' }}>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('generalRequest.promise')}
            </Typography>
            {station.contactEmail && (
              <Typography color="text.secondary">
                {aroundSlot(t('generalRequest.urgent', { email: SLOT }))[0]}
                <Link href={`mailto:${station.contactEmail}`} underline="always" color="primary">
                  {station.contactEmail}
                </Link>
                {aroundSlot(t('generalRequest.urgent', { email: SLOT }))[1]}
              </Typography>
            )}
          </SideCard>
        </Stack>
      </Box>
    </Container>
  );
}
