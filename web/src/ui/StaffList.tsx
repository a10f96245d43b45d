import { Box, Card, CardContent, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useIsMobile } from '../app/media';
import { useTableFits } from './fit';
import { useT } from '../i18n/state';

/** A staff screen's heading: the h1 and its one-line introduction, with the main action (e.g. Add) beside them. */
export function StaffScreenHeader({ title, intro, action }: { title: string; intro: ReactNode; action?: ReactNode }) {
  return (
    // The action goes under the heading when both do not fit on one line (a tablet beside the sidebar); the title never wraps.
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{intro}</Typography>
      </Box>
      {action && <Box sx={{ display: 'flex', flexShrink: 0, width: { xs: '100%', sm: 'auto' }, '& > *': { flexGrow: { xs: 1, sm: 0 }, whiteSpace: 'nowrap' } }}>{action}</Box>}
    </Stack>
  );
}

/**
 * A staff directory's rows: one card each in a list on a phone or wherever
 * the table would not fit beside the sidebar (a tablet: {@link useTableFits}),
 * else a table whose columns are `headers` and then Actions (right-aligned).
 * Both carry `label` as their accessible name.
 */
export function CardsOrTable<T extends { id: string }>({
  label,
  rows,
  card,
  cardSx,
  headers,
  cells,
}: {
  label: string;
  rows: readonly T[];
  card: (row: T) => ReactNode;
  cardSx?: SxProps<Theme>;
  headers: readonly string[];
  cells: (row: T) => ReactNode;
}) {
  const mobile = useIsMobile();
  const t = useT();
  const { ref, fits } = useTableFits();
  const cards = mobile || !fits;
  return (
    <Box ref={ref} data-fit={cards ? 'cards' : 'table'}>
      {cards ? (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
          {rows.map((row) => (
            <Card component="li" key={row.id}>
              <CardContent sx={cardSx}>{card(row)}</CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Card}>
          <Table aria-label={label}>
            <TableHead>
              <TableRow>
                {headers.map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
                <TableCell align="right">{t('ui.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover>
                  {cells(row)}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
