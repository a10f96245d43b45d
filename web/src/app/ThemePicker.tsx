import PaletteIcon from '@mui/icons-material/Palette';
import { IconButton } from '@mui/material';
import { useT } from '../i18n/state';
import { Suspense, useState } from 'react';
import { ChunkBoundary, lazyChunk, resetFailedChunks } from '../ui/ChunkBoundary';

// The menu (popover, focus trap, list) loads when a listener first opens it, not with every page. A failed load is
// retried, then shown as a notice with Retry; the rest of the page (the player) carries on.
const ThemeMenu = lazyChunk(() => import('./ThemeMenu'));

/** The theme picker of the navigation bar: every theme of the spec, the choice remembered. */
export function ThemePicker() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const t = useT();
  return (
    <>
      <IconButton
        aria-label={t('shell.changeTheme')}
        title={t('shell.changeTheme')}
        aria-haspopup="menu"
        aria-controls={anchor ? 'theme-menu' : undefined}
        onClick={(e) => {
          setEverOpened(true);
          setAnchor(e.currentTarget);
        }}
        // Fetch the menu's code as soon as the pointer or keyboard comes near, so it opens without a wait.
        onPointerEnter={() => void ThemeMenu.preload()}
        onFocus={() => void ThemeMenu.preload()}
        color="inherit"
      >
        <PaletteIcon />
      </IconButton>
      {everOpened && (
        <ChunkBoundary
          what="themeMenu"
          floating
          onDismiss={() => {
            resetFailedChunks();
            setEverOpened(false);
            setAnchor(null);
          }}
        >
          <Suspense fallback={null}>
            <ThemeMenu anchor={anchor} onClose={() => setAnchor(null)} />
          </Suspense>
        </ChunkBoundary>
      )}
    </>
  );
}
