import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One titled group of settings fields (a fieldset with its legend), as General Settings and the first-run setup show them. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="fieldset" sx={{ m: 0, p: 0, minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography component="legend" variant="h6" sx={{ float: 'left', width: '100%', mb: 0.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
