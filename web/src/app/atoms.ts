import { atom } from 'jotai';
import { DEFAULT_THEME, THEME_STORAGE_KEY, resolveThemeKey, type ThemeKey } from '../../../shared/themes';

function readStoredTheme(): ThemeKey {
  try {
    return resolveThemeKey(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

const themeBase = atom<ThemeKey>(readStoredTheme());

/** The listener's colour theme: restored only when it is a known key, saved on change. */
export const themeKeyAtom = atom(
  (get) => get(themeBase),
  (_get, set, next: ThemeKey) => {
    const key = resolveThemeKey(next);
    set(themeBase, key);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, key);
    } catch {
      // Private browsing: the choice lasts for this visit only.
    }
  },
);
