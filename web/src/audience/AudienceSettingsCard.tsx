import { Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useToast } from '../ui/toast';
import { useAudienceVisibility, useSaveAudienceVisibility } from './api';

/**
 * General Settings: whether listener figures are shown to the public (both
 * off by default). Each switch saves at once.
 */
export function AudienceSettingsCard() {
  const { data } = useAudienceVisibility();
  const save = useSaveAudienceVisibility();
  const { toast } = useToast();
  const set = (key: 'profiles' | 'player', value: boolean) => {
    if (!data) return;
    save.mutate(
      { ...data, [key]: value },
      {
        onSuccess: () => toast({ title: 'Audience settings saved', variant: 'success' }),
        onError: () => toast({ title: 'Failed to save audience settings', variant: 'error' }),
      },
    );
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="audience-settings-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="audience-settings-title" variant="h6" component="h2">
          Audience figures
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Staff always see listener figures on the Audience screen. Choose what listeners see.
        </Typography>
        <Stack>
          <FormControlLabel control={<Switch checked={data?.profiles ?? false} disabled={!data || save.isPending} onChange={(e) => set('profiles', e.target.checked)} />} label="Show average listeners on DJ profiles" />
          <FormControlLabel control={<Switch checked={data?.player ?? false} disabled={!data || save.isPending} onChange={(e) => set('player', e.target.checked)} />} label='Show "N listening" on the player' />
        </Stack>
      </CardContent>
    </Card>
  );
}
