import { Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useToast } from '../ui/toast';
import { useAudienceVisibility, useSaveAudienceVisibility } from './api';
import { useT } from '../i18n/state';

/**
 * General Settings: whether listener figures are shown to the public (both
 * off by default). Each switch saves at once.
 */
export function AudienceSettingsCard() {
  const { data } = useAudienceVisibility();
  const save = useSaveAudienceVisibility();
  const { toast } = useToast();
  const t = useT();
  const set = (key: 'profiles' | 'player', value: boolean) => {
    if (!data) return;
    save.mutate(
      { ...data, [key]: value },
      {
        onSuccess: () => toast({ title: t('audienceSettings.saved'), variant: 'success' }),
        onError: () => toast({ title: t('audienceSettings.saveFailed'), variant: 'error' }),
      },
    );
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="audience-settings-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="audience-settings-title" variant="h6" component="h2">
          {t('audienceSettings.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('audienceSettings.intro')}
        </Typography>
        <Stack>
          <FormControlLabel control={<Switch checked={data?.profiles ?? false} disabled={!data || save.isPending} onChange={(e) => set('profiles', e.target.checked)} />} label={t('audienceSettings.profiles')} />
          <FormControlLabel control={<Switch checked={data?.player ?? false} disabled={!data || save.isPending} onChange={(e) => set('player', e.target.checked)} />} label={t('audienceSettings.player')} />
        </Stack>
      </CardContent>
    </Card>
  );
}
