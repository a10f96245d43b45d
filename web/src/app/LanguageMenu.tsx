import { ListItemText, Menu, MenuItem } from '@mui/material';
import { LOCALES } from '../../../shared/i18n/locales';
import { useI18n } from '../i18n/state';
import { useChangeLocale } from '../i18n/start';

/** The language picker's menu: every shipped language by its own name, the current one selected. */
export default function LanguageMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { locale } = useI18n();
  const change = useChangeLocale();
  return (
    <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LOCALES.map((l) => (
        <MenuItem
          key={l.code}
          lang={l.code}
          selected={l.code === locale}
          onClick={() => {
            onClose();
            void change(l.code);
          }}
        >
          <ListItemText>{l.name}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
