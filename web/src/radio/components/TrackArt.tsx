import MusicNoteIcon from '@mui/icons-material/MusicNote';
import { Box } from '@mui/material';
import { useState } from 'react';
import { useFailedBeforeRef } from '../../ui/image-failed';

/** Album art, or a placeholder when there is none or it fails to load (spec 000 §8). */
export function TrackArt({ src, size, alt = '' }: { src: string | null | undefined; size: number; alt?: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const show = src && broken !== src;
  const failedBefore = useFailedBeforeRef(() => setBroken(src ?? null));
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1.5,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        backgroundImage: (t) => t.airdeck.gradient,
        color: 'common.white',
      }}
    >
      {show ? (
        <Box component="img" src={src} alt={alt} width={size} height={size} loading="lazy" ref={failedBefore} onError={() => setBroken(src)} sx={{ objectFit: 'cover', width: '100%', height: '100%' }} />
      ) : (
        <MusicNoteIcon aria-hidden sx={{ fontSize: size * 0.5, opacity: 0.9 }} />
      )}
    </Box>
  );
}

/** Seconds as m:ss (or h:mm:ss). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
