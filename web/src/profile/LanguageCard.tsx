import { Card, CardContent, FormControl, InputLabel, MenuItem, Select, Typography } from '@mui/material';
import { useState } from 'react';
import { LOCALES, type ShippedLocale } from '../../../shared/i18n/locales';
import { useAtomValue } from 'jotai';
import { meAtom, useAuth } from '../auth/AuthProvider';
import { useChangeLocale } from '../i18n/start';
import { useT } from '../i18n/state';
import { useToast } from '../ui/toast';
import { updateMe } from './api';

const DEFAULT = 'station-default';

/**
 * My Profile → Language (issue 35): the staff member's language, for the panel and for what the station sends
 * them (notifications, e-mails, Discord messages). "The station's default language" clears it.
 */
export function LanguageCard() {
  const t = useT();
  const { toast } = useToast();
  const change = useChangeLocale();
  const [saving, setSaving] = useState(false);
  const { user, setMe, reloadProfile } = useAuth();
  const [picked, setPicked] = useState<string | null>(null);
  const me = useAuthMe();
  const value = picked ?? me?.language ?? DEFAULT;
  if (!user) return null;

  const save = async (next: string) => {
    setPicked(next);
    setSaving(true);
    try {
      const language = next === DEFAULT ? null : (next as ShippedLocale);
      const reply = await updateMe({ language });
      setMe(reply);
      if (language) await change(language);
      toast({ title: t('profileLanguage.saved'), variant: 'success' });
    } catch {
      setPicked(null);
      toast({ title: t('profileLanguage.failed'), variant: 'error' });
      void reloadProfile();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="section-language">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Typography id="section-language" variant="h5" component="h2" sx={{ mb: 0.5 }}>
          {t('profileLanguage.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          {t('profileLanguage.description')}
        </Typography>
        <FormControl fullWidth disabled={saving}>
          <InputLabel id="profile-language-label">{t('profileLanguage.label')}</InputLabel>
          <Select labelId="profile-language-label" id="profile-language" value={value} label={t('profileLanguage.label')} onChange={(e) => void save(e.target.value)}>
            <MenuItem value={DEFAULT}>{t('profileLanguage.stationDefault')}</MenuItem>
            {LOCALES.map((l) => (
              <MenuItem key={l.code} value={l.code} lang={l.code}>
                {l.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </CardContent>
    </Card>
  );
}

function useAuthMe() {
  return useAtomValue(meAtom);
}
