import { Box, type SxProps, type Theme } from '@mui/material';
import { useState } from 'react';
import { useFailedBeforeRef } from '../../ui/image-failed';

/** Where the placeholder show image is served (spec 001 §9: used when an image is missing or fails to load). */
export const PLACEHOLDER_SHOW_IMAGE = '/placeholder-show.svg';

/**
 * A show's image that falls back to the placeholder when missing or broken. Decorative unless `alt` is given.
 * `width`/`height` are its intrinsic proportions (the space it holds before it loads); `sx` sets the size shown.
 */
export function ShowImage({ src, alt = '', sx, width = 96, height = 96 }: { src: string | null | undefined; alt?: string; sx?: SxProps<Theme>; width?: number; height?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  const url = src && broken !== src ? src : PLACEHOLDER_SHOW_IMAGE;
  const failedBefore = useFailedBeforeRef(() => {
    if (src) setBroken(src);
  });
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      ref={url === src ? failedBefore : undefined}
      onError={() => {
        if (src) setBroken(src);
      }}
      sx={{ display: 'block', height: 'auto', objectFit: 'cover', bgcolor: 'action.hover', ...sx }}
    />
  );
}
