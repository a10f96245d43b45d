import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import MicIcon from '@mui/icons-material/Mic';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  Container,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { APPLICATION_LIMITS, APPLICATION_MESSAGES, ApplicationSchema, AVAILABILITY_SLOTS, type ApplicationSubmitted, type AvailabilitySlot } from '../../../shared/applications';
import type { MessageKey } from '../../../shared/i18n/format';
import type { DiscordAuthorizeResponse } from '../../../shared/integrations';
import { ApiError } from '../app/api';
import { discordAuthorize, useDiscordStatus } from '../integrations/api';
import { submitApplication } from './api';
import { usePageMeta } from '../app/meta';
import { APPLICATION_DRAFT_KEY } from '../app/hydration';
import { useStation } from '../app/station';
import { DiscordIcon } from '../integrations/DiscordIcon';
import { CheckList, PageHeader, SendButton, SideCard } from '../requests/shared-ui';
import { useToast } from '../ui/toast';
import { useI18n, type I18n } from '../i18n/state';

interface Draft {
  name: string;
  email: string;
  experience: string;
  showIdea: string;
  availableTimes: AvailabilitySlot[];
  discordUsername: string;
  termsAccepted: boolean;
}

const EMPTY: Draft = { name: '', email: '', experience: '', showIdea: '', availableTimes: [], discordUsername: '', termsAccepted: false };
/** Where the form waits while the applicant is away connecting Discord. */
const DRAFT_KEY = APPLICATION_DRAFT_KEY;

type Field = keyof Draft;
const isField = (key: unknown): key is Field => typeof key === 'string' && key in EMPTY;

function readDraft(): Draft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const d: Partial<Record<Field, unknown>> = parsed;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      name: text(d.name),
      email: text(d.email),
      experience: text(d.experience),
      showIdea: text(d.showIdea),
      availableTimes: Array.isArray(d.availableTimes) ? d.availableTimes.filter((s): s is AvailabilitySlot => AVAILABILITY_SLOTS.some((slot) => slot.id === s)) : [],
      discordUsername: text(d.discordUsername),
      termsAccepted: d.termsAccepted === true,
    };
  } catch {
    return null;
  }
}

/** The form's own messages (shared/applications, the spec's English) in the catalogue. */
const MESSAGE_KEYS: Record<string, MessageKey> = {
  [APPLICATION_MESSAGES.name]: 'application.error.name',
  [APPLICATION_MESSAGES.email]: 'application.error.email',
  [APPLICATION_MESSAGES.experience]: 'application.error.experience',
  [APPLICATION_MESSAGES.showIdea]: 'application.error.showIdea',
  [APPLICATION_MESSAGES.availableTimes]: 'application.error.availableTimes',
  [APPLICATION_MESSAGES.terms]: 'application.error.terms',
};

const WHATS_NEXT_KEYS: readonly MessageKey[] = ['application.next.review', 'application.next.contact', 'application.next.trial', 'application.next.join'];
const LOOKING_FOR_KEYS: readonly MessageKey[] = ['application.lookingFor.passion', 'application.lookingFor.reliability', 'application.lookingFor.equipment', 'application.lookingFor.discord', 'application.lookingFor.age'];
const PERIOD_KEYS: Record<string, MessageKey> = { Morning: 'application.morning', Afternoon: 'application.afternoon', Evening: 'application.evening' };
const GROUP_KEYS: Record<string, MessageKey> = { Weekday: 'application.weekday', Weekend: 'application.weekend' };
/** Each period's hours (the spec: 6AM-12PM, 12PM-6PM, 6PM-12AM). */
const PERIOD_HOURS: Record<string, [number, number]> = { Morning: [6, 12], Afternoon: [12, 18], Evening: [18, 24] };

/** A slot's name with its hours: the spec's words in English ('Morning (6AM-12PM)'), the reader's clock from Intl in the others. */
function slotLabel({ t, locale, intl }: I18n, slot: (typeof AVAILABILITY_SLOTS)[number]): string {
  const periodKey = PERIOD_KEYS[slot.label];
  const period = periodKey ? t(periodKey) : slot.label;
  const hours = PERIOD_HOURS[slot.label];
  if (locale === 'en' || !hours) return t('application.slot', { period, hours: slot.hours });
  const clock = new Intl.DateTimeFormat(intl, { hour: 'numeric', timeZone: 'UTC' });
  const at = (h: number) => clock.format(new Date(Date.UTC(2024, 0, 1, h % 24)));
  return t('application.slot', { period, hours: t('application.hours', { from: at(hours[0]), to: at(hours[1]) }) });
}

/** Splits a translated text around its placeholders' marks, so elements (links, bold names) can stand in them. */
function around(text: string, marks: readonly string[]): string[] {
  return text.split(new RegExp(`(${marks.join('|')})`)).filter((part) => part !== '');
}

/**
 * /presenter-application and /become-a-dj: the application form with the
 * shared schema's rules and messages, the six availability slots, optional
 * Discord connection (the form waits in session storage while the applicant
 * signs in to Discord), and the 'What's Next?' and 'What we're looking for' lists.
 */
export function PresenterApplicationPage() {
  const station = useStation();
  const i18n = useI18n();
  const { t } = i18n;
  const message = (text: string | undefined) => {
    const key = text === undefined ? undefined : MESSAGE_KEYS[text];
    return key ? t(key) : text;
  };
  usePageMeta({ title: t('shell.becomeDj'), description: t('application.metaDescription', { station: station.name }) });
  const { toast } = useToast();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const connectedName = params.get('discord_connected') === 'true' ? (params.get('discord_username') ?? '').slice(0, APPLICATION_LIMITS.discordUsername) : '';
  const [form, setForm] = useState<Draft>(() => {
    const draft = readDraft();
    const base = draft ?? EMPTY;
    return connectedName ? { ...base, discordUsername: connectedName } : base;
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const errorSummary = useRef<HTMLDivElement>(null);
  const [submitted, setSubmitted] = useState<{ name: string; email: string; discord: string } | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!submitted) return;
    confirmation.current?.focus({ preventScroll: true });
    confirmation.current?.scrollIntoView({ block: 'center' });
  }, [submitted]);

  useEffect(() => {
    try {
      sessionStorage.removeItem(DRAFT_KEY);
    } catch {
      // ignore
    }
  }, []);

  const validate = (d: Draft): Partial<Record<Field, string>> => {
    const result = ApplicationSchema.safeParse(d);
    if (result.success) return {};
    const out: Partial<Record<Field, string>> = {};
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (isField(key) && !out[key]) out[key] = issue.message;
    }
    return out;
  };

  const set = <K extends Field>(key: K, value: Draft[K]) => {
    setForm((f) => {
      const next = { ...f, [key]: value };
      if (tried) setErrors(validate(next));
      return next;
    });
  };

  const toggleSlot = (id: AvailabilitySlot, on: boolean) => set('availableTimes', on ? [...form.availableTimes, id] : form.availableTimes.filter((s) => s !== id));

  // "Connect Discord" only where Discord sign-in is set up (issue 38 item 9); else the username field alone.
  const discordAvailable = useDiscordStatus() === true;
  const connectDiscord = async () => {
    setConnecting(true);
    try {
      const { url } = await discordAuthorize();
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(form));
      window.location.assign(url);
    } catch (err) {
      setConnecting(false);
      const unavailable = err instanceof ApiError && err.code === 'not_configured';
      toast({
        title: unavailable ? t('application.discordUnavailable') : t('application.connectionFailed'),
        description: unavailable ? t('application.discordUnavailableBody') : t('application.connectionFailedBody'),
        variant: unavailable ? 'info' : 'error',
      });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setTried(true);
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => errorSummary.current?.focus());
      return;
    }
    setSending(true);
    try {
      await submitApplication(ApplicationSchema.parse(form));
      toast({ title: t('application.submitted'), description: t('application.submittedBody'), variant: 'success' });
      setSubmitted({ name: form.name.trim(), email: form.email.trim(), discord: form.discordUsername.trim() });
      setForm(EMPTY);
      setTried(false);
      setErrors({});
      if (connectedName) void navigate({ search: '' }, { replace: true });
    } catch (err) {
      console.error('application failed', err);
      toast({ title: t('profile.error'), description: t('application.submitFailed'), variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  const errorCount = Object.keys(errors).length;
  const linked = !!connectedName && form.discordUsername === connectedName;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader form title={t('shell.becomeDj')} icon={<MicIcon fontSize="large" sx={{ color: 'primary.main' }} />} intro={t('application.intro', { station: station.name })} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3, alignItems: 'start' }}>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            {submitted ? (
              // A lasting confirmation with what happens next (issue 19 item 13), instead of an emptied form and a toast.
              <Box ref={confirmation} tabIndex={-1} role="status" aria-labelledby="application-received" sx={{ outline: 'none' }} data-testid="application-received">
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
                  <CheckCircleOutlineIcon color="success" fontSize="large" aria-hidden />
                  <Typography id="application-received" variant="h5" component="h2">
                    {t('application.received')}
                  </Typography>
                </Stack>
                <Typography sx={{ mb: 2 }}>{t('application.thanks', { name: submitted.name, station: station.name })}</Typography>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                  {t('application.nextHeading')}
                </Typography>
                <Box component="ol" sx={{ pl: 2.5, mt: 0, mb: 2, '& li': { mb: 1 } }}>
                  {WHATS_NEXT_KEYS.map((key) => (
                    <li key={key}>{t(key)}</li>
                  ))}
                </Box>
                <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
                  {submitted.discord ? t('application.writeToOrDiscord', { email: submitted.email, discord: submitted.discord }) : t('application.writeTo', { email: submitted.email })}
                </Typography>
                <Button variant="outlined" onClick={() => setSubmitted(null)}>
                  {t('application.another')}
                </Button>
              </Box>
            ) : (
              <>
              <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
                {t('application.formTitle')}
              </Typography>
              {tried && errorCount > 0 && (
                <Alert severity="error" sx={{ mb: 2 }} ref={errorSummary} tabIndex={-1}>
                  {t('application.fixFields', { count: errorCount })}
                </Alert>
              )}
              <Box component="form" onSubmit={submit} noValidate aria-label={t('application.formTitle')}>
                <Stack spacing={2.5}>
                  <TextField required label={t('application.name')} value={form.name} onChange={(e) => set('name', e.target.value)} error={!!errors.name} helperText={message(errors.name)} autoComplete="name" slotProps={{ htmlInput: { maxLength: APPLICATION_LIMITS.name } }} />
                  <TextField required type="email" label={t('users.colEmail')} value={form.email} onChange={(e) => set('email', e.target.value)} error={!!errors.email} helperText={message(errors.email)} autoComplete="email" slotProps={{ htmlInput: { maxLength: APPLICATION_LIMITS.email } }} />
                  <TextField
                    required
                    label={t('application.experience')}
                    placeholder={t('application.experiencePlaceholder')}
                    value={form.experience}
                    onChange={(e) => set('experience', e.target.value)}
                    error={!!errors.experience}
                    helperText={message(errors.experience)}
                    multiline
                    minRows={4}
                    slotProps={{ htmlInput: { maxLength: APPLICATION_LIMITS.experience } }}
                  />
                  <TextField
                    required
                    label={t('application.showIdea')}
                    placeholder={t('application.showIdeaPlaceholder')}
                    value={form.showIdea}
                    onChange={(e) => set('showIdea', e.target.value)}
                    error={!!errors.showIdea}
                    helperText={message(errors.showIdea)}
                    multiline
                    minRows={4}
                    slotProps={{ htmlInput: { maxLength: APPLICATION_LIMITS.showIdea } }}
                  />

                  <FormControl component="fieldset" error={!!errors.availableTimes} required>
                    <FormLabel component="legend" sx={{ mb: 1 }}>
                      {t('applications.availability')}
                    </FormLabel>
                    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: { xs: 1, sm: 2 } }}>
                      {(['Weekday', 'Weekend'] as const).map((group) => (
                        <Box key={group} role="group" aria-label={t(GROUP_KEYS[group]!)}>
                          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, mb: 0.5 }}>
                            {t(GROUP_KEYS[group]!)}
                          </Typography>
                          <FormGroup>
                            {AVAILABILITY_SLOTS.filter((s) => s.group === group).map((slot) => (
                              <FormControlLabel
                                key={slot.id}
                                control={<Checkbox checked={form.availableTimes.includes(slot.id)} onChange={(e) => toggleSlot(slot.id, e.target.checked)} name={slot.id} />}
                                label={slotLabel(i18n, slot)}
                              />
                            ))}
                          </FormGroup>
                        </Box>
                      ))}
                    </Box>
                    {errors.availableTimes && <FormHelperText>{message(errors.availableTimes)}</FormHelperText>}
                  </FormControl>

                  <Box>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}>
                      <DiscordIcon fontSize="small" /> {t('application.discordHeading')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                      {t('application.discordHelp')}
                    </Typography>
                    {linked ? (
                      <Alert severity="success" icon={<DiscordIcon />} action={<Button color="inherit" size="small" onClick={() => void connectDiscord()}>{t('application.change')}</Button>}>
                        {around(t('application.connectedAs', { name: '\uE000' }), ['\uE000']).map((part, i) => (part === '\uE000' ? <strong key={i}>{connectedName}</strong> : part))}
                      </Alert>
                    ) : (
                      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
                        <TextField
                          label={t('application.discordUsername')}
                          value={form.discordUsername}
                          onChange={(e) => set('discordUsername', e.target.value)}
                          error={!!errors.discordUsername}
                          helperText={message(errors.discordUsername)}
                          sx={{ flexGrow: 1 }}
                          slotProps={{ htmlInput: { maxLength: APPLICATION_LIMITS.discordUsername } }}
                        />
                        {discordAvailable && <Button
                          variant="outlined"
                          onClick={() => void connectDiscord()}
                          disabled={connecting}
                          startIcon={connecting ? <CircularProgress size={18} color="inherit" /> : <DiscordIcon />}
                          sx={{ height: 56, whiteSpace: 'nowrap' }}
                        >
                          {t('application.connectDiscord')}
                        </Button>}
                      </Stack>
                    )}
                  </Box>

                  <FormControl error={!!errors.termsAccepted} required>
                    <FormControlLabel control={<Checkbox checked={form.termsAccepted} onChange={(e) => set('termsAccepted', e.target.checked)} name="termsAccepted" />} label={t('application.agree')} />
                    <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
                      {around(t('application.readTerms', { terms: '\uE000', privacy: '\uE001' }), ['\uE000', '\uE001']).map((part, i) =>
                        part === '\uE000' ? (
                          <Link key={i} component={RouterLink} to="/terms-of-service" underline="always" color="primary">
                            {t('application.terms')}
                          </Link>
                        ) : part === '\uE001' ? (
                          <Link key={i} component={RouterLink} to="/privacy-policy" underline="always" color="primary">
                            {t('application.privacy')}
                          </Link>
                        ) : (
                          part
                        ),
                      )}
                    </Typography>
                    {errors.termsAccepted && <FormHelperText sx={{ ml: 4 }}>{message(errors.termsAccepted)}</FormHelperText>}
                  </FormControl>

                  <SendButton sending={sending} disabled={sending}>
                    {sending ? t('application.submitting') : t('application.submit')}
                  </SendButton>
                </Stack>
              </Box>
              </>
            )}
          </CardContent>
        </Card>

        <Stack spacing={3}>
          <SideCard title={t('application.whatsNext')} gutter>
            <Box component="ol" sx={{ pl: 2.5, m: 0, '& li': { mb: 1, color: 'text.secondary' } }}>
              {WHATS_NEXT_KEYS.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </Box>
          </SideCard>
          <SideCard title={t('application.lookingForTitle')}>
            <CheckList items={LOOKING_FOR_KEYS.map((key) => t(key))} icon={<CheckCircleOutlineIcon fontSize="small" sx={{ color: 'primary.main' }} />} />
          </SideCard>
        </Stack>
      </Box>
    </Container>
  );
}
