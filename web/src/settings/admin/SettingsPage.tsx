import { Alert, Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../app/api';
import { fetchSettingsAccess } from '../api';
import { PageLoading } from '../../app/ListenerLayout';
import { usePageMeta } from '../../app/meta';
import { AccessDenied } from '../../content/admin/AccessDenied';
import { errorMessage } from '../../content/admin/form';
import { DiscordTab } from './DiscordTab';
import { GeneralSettingsTab } from './GeneralSettingsTab';
import { AudienceSettingsCard } from '../../audience/AudienceSettingsCard';
import { DeadAirSettingsCard } from '../../deadair/DeadAirSettingsCard';
import { LiveInputSettingsCard } from '../../live/LiveInputSettingsCard';
import { PrivacySettingsCard } from '../../privacy/PrivacySettingsCard';
import { SliderTab } from './SliderTab';
import { SponsoredTab } from './SponsoredTab';
import { WidgetsTab } from './WidgetsTab';
import { WebhooksPanel } from '../../integrations/admin/WebhooksPanel';
import { GetListedTab } from '../../reach/listed/GetListedTab';
import { useT } from '../../i18n/state';

/**
 * Settings at /admin/settings (spec 001 §2): Sponsored Content, Slider
 * Options (Global Settings and Slide Management), Discord Integration (owner
 * only) and General Settings. Owner and manager; the server decides, and its
 * refusal text is the spec's.
 */
export function SettingsPage() {
  const tr = useT();
  usePageMeta({ title: tr('settings.title') });
  const access = useQuery({
    queryKey: ['admin', 'settings', 'access'],
    queryFn: ({ signal }) => fetchSettingsAccess(signal),
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2,
  });
  const [tab, setTab] = useState('sponsored');

  if (access.error instanceof ApiError && (access.error.status === 403 || access.error.status === 401)) {
    return (
      <Box sx={{ p: { xs: 0, md: 4 } }}>
        <AccessDenied message={access.error.message} />
      </Box>
    );
  }
  if (access.isError)
    return (
      <Box sx={{ p: { xs: 0, md: 4 } }}>
        <Alert severity="error" action={<Button onClick={() => void access.refetch()}>{tr('common.tryAgain')}</Button>}>
          {errorMessage(access.error)}
        </Alert>
      </Box>
    );
  if (!access.data) return <PageLoading label={tr('settings.checking')} />;

  const tabs = [
    { key: 'sponsored', label: tr('settings.tab.sponsored') },
    { key: 'slider', label: tr('settings.tab.slider') },
    ...(access.data.discord ? [{ key: 'discord', label: tr('settings.tab.discord') }] : []),
    { key: 'general', label: tr('settings.tab.general') },
    { key: 'webhooks', label: tr('settings.tab.webhooks') },
    { key: 'widgets', label: tr('settings.tab.widgets') },
    { key: 'listed', label: tr('listed.tab') },
  ];
  const current = tabs.some((t) => t.key === tab) ? tab : 'sponsored';

  return (
    <Box sx={{ p: { xs: 0, md: 4 }, maxWidth: 1200 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {tr('settings.title')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={current} onChange={(_e, v: string) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label={tr('settings.sections')}>
          {tabs.map((t) => (
            <Tab key={t.key} value={t.key} label={t.label} id={`settings-tab-${t.key}`} aria-controls={`settings-panel-${t.key}`} />
          ))}
        </Tabs>
      </Box>
      {tabs.map((t) => (
        <Box key={t.key} role="tabpanel" id={`settings-panel-${t.key}`} aria-labelledby={`settings-tab-${t.key}`} hidden={current !== t.key}>
          {current === t.key && t.key === 'sponsored' && <SponsoredTab />}
          {current === t.key && t.key === 'slider' && <SliderTab />}
          {current === t.key && t.key === 'discord' && <DiscordTab />}
          {current === t.key && t.key === 'general' && (
            <>
              <GeneralSettingsTab />
              <AudienceSettingsCard />
              <DeadAirSettingsCard />
              <LiveInputSettingsCard />
              <PrivacySettingsCard />
            </>
          )}
          {current === t.key && t.key === 'webhooks' && <WebhooksPanel />}
          {current === t.key && t.key === 'widgets' && <WidgetsTab />}
          {current === t.key && t.key === 'listed' && <GetListedTab />}
        </Box>
      ))}
    </Box>
  );
}
