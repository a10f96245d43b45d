import { Box, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useAtom } from 'jotai';
import { THEMES, THEME_KEYS } from '../../../shared/themes';
import { themeKeyAtom } from './atoms';

/** The theme picker's menu: every theme of the spec, the current one selected. */
export default function ThemeMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const [key, setKey] = useAtom(themeKeyAtom);
  return (
    <Menu id="theme-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} slotProps={{ paper: { sx: { maxHeight: 420 } } }}>
      {THEME_KEYS.map((k) => (
        <MenuItem
          key={k}
          selected={k === key}
          onClick={() => {
            setKey(k);
            onClose();
          }}
        >
          <ListItemIcon>
            <Box aria-hidden sx={{ width: 20, height: 20, borderRadius: '50%', backgroundImage: THEMES[k].gradient, border: '1px solid', borderColor: 'divider' }} />
          </ListItemIcon>
          <ListItemText>{THEMES[k].name}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
