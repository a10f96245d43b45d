import TranslateIcon from '@mui/icons-material/Translate';
import { Box, Chip, Typography } from '@mui/material';
import { languageName } from '../../../../shared/content-text';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/state';

/**
 * A show's broadcast language on the listener schedule (issue 35 item 6): a small chip with the language's name in
 * the reader's language ("Spanish", « espagnol »); read out as "Broadcast in Spanish".
 */
export function BroadcastLanguageChip({ code }: { code: string | null }) {
  const { t, intl } = useI18n();
  if (!code) return null;
  const name = languageName(code, intl);
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<TranslateIcon aria-hidden />}
      label={<span lang={intl}>{name}</span>}
      title={t('schedule.broadcastIn', { language: name })}
      aria-label={t('schedule.broadcastIn', { language: name })}
      role="note"
      data-broadcast-language={code}
      sx={{ height: 22, '& .MuiChip-label': { px: 0.75 }, '& .MuiChip-icon': { fontSize: 14, ml: 0.75 } }}
    />
  );
}

/**
 * The schedule's filter by broadcast language: "All" and one chip per language the listed shows use; the choice is
 * the page address's `?broadcast_language=`. Drawn only when the shows use more than one language (or one is chosen).
 */
export function BroadcastLanguageFilter({ languages, value, onChange }: { languages: readonly string[]; value: string | null; onChange: (code: string | null) => void }) {
  const { t, intl } = useI18n();
  const codes = [...new Set([...languages, ...(value ? [value] : [])])].sort((a, b) => languageName(a, intl).localeCompare(languageName(b, intl), intl));
  if (codes.length < 2 && !value) return null;
  const option = (code: string | null, label: ReactNode) => {
    const on = value === code;
    return (
      <Chip
        key={code ?? 'all'}
        label={label}
        clickable
        color={on ? 'primary' : 'default'}
        variant={on ? 'filled' : 'outlined'}
        onClick={() => onChange(code)}
        aria-pressed={on}
        component="button"
        type="button"
      />
    );
  };
  return (
    <Box role="group" aria-labelledby="broadcast-language-filter" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography id="broadcast-language-filter" variant="body2" color="text.secondary" component="span" sx={{ fontWeight: 600 }}>
        {t('schedule.filterByLanguage')}
      </Typography>
      {option(null, t('schedule.allLanguages'))}
      {codes.map((code) => option(code, <span lang={intl}>{languageName(code, intl)}</span>))}
    </Box>
  );
}
