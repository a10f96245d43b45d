import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Button, Card, CardContent, LinearProgress, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FIRST_RUN_STEPS, type FirstRunChecklist as Steps, type FirstRunStep } from '../../../shared/notifications';
import { useT } from '../i18n/state';

/** Where each step is done. */
const STEP_PATH: Record<FirstRunStep, string> = {
  djs: '/admin/djs',
  staff: '/admin/users',
  show: '/admin/shows/new',
  stream: '/admin/settings',
};

const hiddenKey = (userId: string) => `airdeck.firstRunChecklist.hidden.${userId}`;

function readHidden(userId: string): boolean {
  try {
    return localStorage.getItem(hiddenKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * The new owner's first-run checklist on the dashboard (issue 30): add DJs, invite staff, book the first show, set
 * the stream, each ticked from the station's own data (`GET /api/dashboard` → `first_run`) and linked to the screen
 * that does it. Gone once every step is done; the owner may hide it sooner (remembered in this browser).
 */
export function FirstRunChecklist({ steps, userId }: { steps: Steps; userId: string }) {
  const t = useT();
  const [hidden, setHidden] = useState(() => readHidden(userId));
  if (hidden) return null;
  const done = FIRST_RUN_STEPS.filter((k) => steps[k]).length;
  const hide = () => {
    try {
      localStorage.setItem(hiddenKey(userId), '1');
    } catch {
      // Private mode: hidden for this visit only.
    }
    setHidden(true);
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="first-run-title" data-testid="first-run-checklist" sx={{ mb: 3 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
          <Typography id="first-run-title" variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }}>
            {t('dashboard.firstRun.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.firstRun.progress', { done, total: FIRST_RUN_STEPS.length })}
          </Typography>
        </Stack>
        <LinearProgress variant="determinate" value={(done / FIRST_RUN_STEPS.length) * 100} aria-label={t('dashboard.firstRun.progress', { done, total: FIRST_RUN_STEPS.length })} sx={{ my: 1.5 }} />
        <List dense disablePadding>
          {FIRST_RUN_STEPS.map((k) => (
            <ListItem
              key={k}
              disableGutters
              divider
              data-testid={`first-run-${k}`}
              data-done={steps[k] ? 'true' : 'false'}
              sx={{ flexWrap: 'wrap', gap: 1 }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                {steps[k] ? <CheckCircleIcon color="success" titleAccess={t('dashboard.firstRun.done')} /> : <RadioButtonUncheckedIcon color="disabled" titleAccess={t('dashboard.firstRun.todo')} />}
              </ListItemIcon>
              <ListItemText
                primary={t(`dashboard.firstRun.${k}`)}
                secondary={t(`dashboard.firstRun.${k}.help`)}
                slotProps={{ primary: { sx: { fontWeight: 600, textDecoration: steps[k] ? 'line-through' : 'none' } } }}
                sx={{ flex: '1 1 220px' }}
              />
              {!steps[k] && (
                <Button component={RouterLink} to={STEP_PATH[k]} size="small" variant="outlined">
                  {t(`dashboard.firstRun.${k}.action`)}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
        <Box sx={{ mt: 1, textAlign: 'end' }}>
          <Button size="small" onClick={hide}>
            {t('dashboard.firstRun.hide')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
