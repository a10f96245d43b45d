import PaletteIcon from '@mui/icons-material/Palette';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip, Box } from '@mui/material';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { THEMES, THEME_KEYS } from '../../../shared/themes';
import { themeKeyAtom } from './atoms';

/** The theme picker of the navigation bar: every theme of the spec, the choice remembered. */
export function ThemePicker() {
  const [key, setKey] = useAtom(themeKeyAtom);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Change theme">
        <IconButton aria-label="Change theme" aria-haspopup="menu" aria-controls={anchor ? 'theme-menu' : undefined} onClick={(e) => setAnchor(e.currentTarget)} color="inherit">
          <PaletteIcon />
        </IconButton>
      </Tooltip>
      <Menu id="theme-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 420 } } }}>
        {THEME_KEYS.map((k) => (
          <MenuItem
            key={k}
            selected={k === key}
            onClick={() => {
              setKey(k);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <Box aria-hidden sx={{ width: 20, height: 20, borderRadius: '50%', backgroundImage: THEMES[k].gradient, border: '1px solid', borderColor: 'divider' }} />
            </ListItemIcon>
            <ListItemText>{THEMES[k].name}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
