import SearchIcon from '@mui/icons-material/Search';
import { Card, CardContent, InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The staff lists' search box: a small field with the search icon. Give it a
 * visible `label`, or an `ariaLabel` when the placeholder is all it shows.
 */
export function SearchField({
  value,
  onChange,
  placeholder,
  label,
  ariaLabel,
  maxLength,
  sx,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label?: string;
  ariaLabel?: string;
  maxLength?: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
        htmlInput: { ...(ariaLabel ? { 'aria-label': ariaLabel } : {}), ...(maxLength ? { maxLength } : {}) },
      }}
      sx={sx}
    />
  );
}

/** The card of filters above a staff list: a search field and selects in a row (`columns` on wide screens), stacked on phones. */
export function FilterCard({ columns, children }: { columns: string; children: ReactNode }) {
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: columns }, '&:last-child': { pb: 2 } }}>{children}</CardContent>
    </Card>
  );
}
