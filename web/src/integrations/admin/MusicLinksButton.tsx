import LinkIcon from '@mui/icons-material/Link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, CircularProgress, IconButton, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import type { MusicLink, MusicLinksResponse } from '../../../../shared/integrations';
import { useT } from '../../i18n/state';
import { fetchMusicLinks } from '../api';
import { useToast } from '../../ui/toast';

/**
 * The song-request queue's music-link lookup (spec 001 §2, §8): finds where a
 * requested song can be streamed or bought, with the spec's 'No Links Found',
 * 'Search Failed' and 'Opening Link' toasts. Disabled without the
 * manage-requests permission (the queue passes `disabled`).
 */
export function MusicLinksButton({ title, artist, url, disabled }: { title: string; artist: string; url?: string | null; disabled?: boolean }) {
  const { toast } = useToast();
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [links, setLinks] = useState<MusicLink[] | null>(null);
  const [loading, setLoading] = useState(false);

  const open = async (e: MouseEvent<HTMLElement>) => {
    const target = e.currentTarget;
    setLoading(true);
    try {
      const res = await fetchMusicLinks(title, artist, url);
      setLinks(res.links);
      if (res.links.length === 0) toast({ title: t('musicLinks.noLinks'), description: t('musicLinks.noLinksDetail'), variant: 'info' });
      setAnchor(target);
    } catch (err) {
      console.error('music-link lookup failed', err);
      toast({ title: t('musicLinks.failed'), description: t('musicLinks.failedDetail'), variant: 'error' });
    } finally {
      setLoading(false);
    }
  };

  const visit = (link: MusicLink) => {
    toast({ title: t('musicLinks.opening'), description: `${link.platform}: ${title}`, variant: 'default' });
    window.open(link.url, '_blank', 'noopener,noreferrer');
    setAnchor(null);
  };

  const group = (type: MusicLink['type'], label: string) => {
    const items = (links ?? []).filter((l) => l.type === type);
    if (items.length === 0) return [];
    return [
      <ListSubheader key={`h-${type}`}>{label}</ListSubheader>,
      ...items.map((l) => (
        <MenuItem key={l.url} onClick={() => visit(l)}>
          <ListItemText primary={l.platform} />
          <ListItemIcon sx={{ justifyContent: 'flex-end' }}>
            <OpenInNewIcon fontSize="small" />
          </ListItemIcon>
        </MenuItem>
      )),
    ];
  };

  const label = t('musicLinks.label', { title, artist });
  return (
    <>
      <Tooltip title={disabled ? t('musicLinks.denied') : t('musicLinks.find')}>
        <Box component="span">
          <IconButton aria-label={label} onClick={(e) => void open(e)} disabled={disabled || loading} size="small">
            {loading ? <CircularProgress size={18} /> : <LinkIcon fontSize="small" />}
          </IconButton>
        </Box>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': label, dense: true } }}>
        {links && links.length === 0 ? (
          <Typography sx={{ px: 2, py: 1 }} color="text.secondary">
            {t('musicLinks.empty')}
          </Typography>
        ) : (
          [...group('stream', t('musicLinks.stream')), ...group('purchase', t('musicLinks.buy'))]
        )}
      </Menu>
    </>
  );
}
