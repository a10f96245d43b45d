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
import { APPLICATION_LIMITS, ApplicationSchema, AVAILABILITY_SLOTS, LOOKING_FOR, WHATS_NEXT, type ApplicationSubmitted, type AvailabilitySlot } from '../../../shared/applications';
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

/**
 * /presenter-application and /become-a-dj: the application form with the
 * shared schema's rules and messages, the six availability slots, optional
 * Discord connection (the form waits in session storage while the applicant
 * signs in to Discord), and the 'What's Next?' and 'What we're looking for' lists.
 */
export function PresenterApplicationPage() {
  const station = useStation();
  usePageMeta({ title: 'Become a DJ', description: `Apply to present your own show on ${station.name}.` });
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
        title: unavailable ? 'Discord Unavailable' : 'Connection Failed',
        description: unavailable ? "Discord sign-in isn't set up yet. You can type your Discord username instead." : 'Failed to connect Discord account. Please try again.',
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
      toast({ title: 'Application Submitted', description: 'Thank you! Your presenter application has been submitted successfully.', variant: 'success' });
      setSubmitted({ name: form.name.trim(), email: form.email.trim(), discord: form.discordUsername.trim() });
      setForm(EMPTY);
      setTried(false);
      setErrors({});
      if (connectedName) void navigate({ search: '' }, { replace: true });
    } catch (err) {
      console.error('application failed', err);
      toast({ title: 'Error', description: 'There was an error submitting your application. Please try again.', variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  const errorCount = Object.keys(errors).length;
  const linked = !!connectedName && form.discordUsername === connectedName;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader form title="Become a DJ" icon={<MicIcon fontSize="large" sx={{ color: 'primary.main' }} />} intro={`Got a show idea and a love of music? Apply to present on ${station.name}. We read every application.`} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3, alignItems: 'start' }}>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            {submitted ? (
              // A lasting confirmation with what happens next (issue 19 item 13), instead of an emptied form and a toast.
              <Box ref={confirmation} tabIndex={-1} role="status" aria-labelledby="application-received" sx={{ outline: 'none' }} data-testid="application-received">
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
                  <CheckCircleOutlineIcon color="success" fontSize="large" aria-hidden />
                  <Typography id="application-received" variant="h5" component="h2">
                    Application received
                  </Typography>
                </Stack>
                <Typography sx={{ mb: 2 }}>Thank you, {submitted.name}. Your application is with the team at {station.name}.</Typography>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                  What happens next
                </Typography>
                <Box component="ol" sx={{ pl: 2.5, mt: 0, mb: 2, '& li': { mb: 1 } }}>
                  {WHATS_NEXT.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </Box>
                <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
                  We'll write to {submitted.email}
                  {submitted.discord ? ` or message ${submitted.discord} on Discord` : ''}.
                </Typography>
                <Button variant="outlined" onClick={() => setSubmitted(null)}>
                  Submit another application
                </Button>
              </Box>
            ) : (
              <>
              <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
                Presenter application
              </Typography>
              {tried && errorCount > 0 && (
                <Alert severity="error" sx={{ mb: 2 }} ref={errorSummary} tabIndex={-1}>
                  Please fix {errorCount === 1 ? 'the highlighted field' : `the ${errorCount} highlighted fields`} below.
                </Alert>
              )}
              <Box component="form" onSubmit={submit} noValidate aria-label="Presenter application">
                <Stack spacing={2.5}>
                  <TextField required label="Name" value={form.name} onChange={(e) => set('name', e.target.value)} error={!!errors.name} helperText={errors.name} autoComplete="name" slotProps={{ htmlInput: { maxLength: APPLICATION_LIMITS.name } }} />
                  <TextField required type="email" label="Email" value={form.email} onChange={(e) => set('email', e.target.value)} error={!!errors.email} helperText={errors.email} autoComplete="email" slotProps={{ htmlInput: { maxLength: APPLICATION_LIMITS.email } }} />
                  <TextField
                    required
                    label="Your experience"
                    placeholder="Radio, DJing, podcasting, events… tell us what you've done."
                    value={form.experience}
                    onChange={(e) => set('experience', e.target.value)}
                    error={!!errors.experience}
                    helperText={errors.experience}
                    multiline
                    minRows={4}
                    slotProps={{ htmlInput: { maxLength: APPLICATION_LIMITS.experience } }}
                  />
                  <TextField
                    required
                    label="Your show idea"
                    placeholder="What would your show sound like? Genres, segments, the vibe."
                    value={form.showIdea}
                    onChange={(e) => set('showIdea', e.target.value)}
                    error={!!errors.showIdea}
                    helperText={errors.showIdea}
                    multiline
                    minRows={4}
                    slotProps={{ htmlInput: { maxLength: APPLICATION_LIMITS.showIdea } }}
                  />

                  <FormControl component="fieldset" error={!!errors.availableTimes} required>
                    <FormLabel component="legend" sx={{ mb: 1 }}>
                      Availability
                    </FormLabel>
                    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: { xs: 1, sm: 2 } }}>
                      {(['Weekday', 'Weekend'] as const).map((group) => (
                        <Box key={group} role="group" aria-label={group}>
                          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, mb: 0.5 }}>
                            {group}
                          </Typography>
                          <FormGroup>
                            {AVAILABILITY_SLOTS.filter((s) => s.group === group).map((slot) => (
                              <FormControlLabel
                                key={slot.id}
                                control={<Checkbox checked={form.availableTimes.includes(slot.id)} onChange={(e) => toggleSlot(slot.id, e.target.checked)} name={slot.id} />}
                                label={`${slot.label} (${slot.hours})`}
                              />
                            ))}
                          </FormGroup>
                        </Box>
                      ))}
                    </Box>
                    {errors.availableTimes && <FormHelperText>{errors.availableTimes}</FormHelperText>}
                  </FormControl>

                  <Box>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}>
                      <DiscordIcon fontSize="small" /> Discord (optional)
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                      The team works on Discord. Connect your account so we can message you about your application, or type your username.
                    </Typography>
                    {linked ? (
                      <Alert severity="success" icon={<DiscordIcon />} action={<Button color="inherit" size="small" onClick={() => void connectDiscord()}>Change</Button>}>
                        Connected as <strong>{connectedName}</strong>
                      </Alert>
                    ) : (
                      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
                        <TextField
                          label="Discord username"
                          value={form.discordUsername}
                          onChange={(e) => set('discordUsername', e.target.value)}
                          error={!!errors.discordUsername}
                          helperText={errors.discordUsername}
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
                          Connect Discord
                        </Button>}
                      </Stack>
                    )}
                  </Box>

                  <FormControl error={!!errors.termsAccepted} required>
                    <FormControlLabel control={<Checkbox checked={form.termsAccepted} onChange={(e) => set('termsAccepted', e.target.checked)} name="termsAccepted" />} label="I agree to the terms and conditions" />
                    <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
                      Read the{' '}
                      <Link component={RouterLink} to="/terms-of-service" underline="always" color="primary">
                        Terms of Service
                      </Link>{' '}
                      and{' '}
                      <Link component={RouterLink} to="/privacy-policy" underline="always" color="primary">
                        Privacy Policy
                      </Link>
                      .
                    </Typography>
                    {errors.termsAccepted && <FormHelperText sx={{ ml: 4 }}>{errors.termsAccepted}</FormHelperText>}
                  </FormControl>

                  <SendButton sending={sending} disabled={sending}>
                    {sending ? 'Submitting...' : 'Submit Application'}
                  </SendButton>
                </Stack>
              </Box>
              </>
            )}
          </CardContent>
        </Card>

        <Stack spacing={3}>
          <SideCard title="What's Next?" gutter>
            <Box component="ol" sx={{ pl: 2.5, m: 0, '& li': { mb: 1, color: 'text.secondary' } }}>
              {WHATS_NEXT.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </Box>
          </SideCard>
          <SideCard title="What we're looking for">
            <CheckList items={LOOKING_FOR} icon={<CheckCircleOutlineIcon fontSize="small" sx={{ color: 'primary.main' }} />} />
          </SideCard>
        </Stack>
      </Box>
    </Container>
  );
}
