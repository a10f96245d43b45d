import PaletteIcon from '@mui/icons-material/Palette';
import { IconButton } from '@mui/material';
import { Suspense, lazy, useState } from 'react';
import { useT } from '../i18n/state';

// The menu (popover, focus trap, list) loads when a listener first opens it, not with every page.
const ThemeMenu = lazy(() => import('./ThemeMenu'));

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
        onPointerEnter={() => void import('./ThemeMenu')}
        onFocus={() => void import('./ThemeMenu')}
        color="inherit"
      >
        <PaletteIcon />
      </IconButton>
      {everOpened && (
        <Suspense fallback={null}>
          <ThemeMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
