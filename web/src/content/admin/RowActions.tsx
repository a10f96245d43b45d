import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, FormControlLabel, IconButton, Switch, Tooltip } from '@mui/material';
import { useT } from '../../i18n/state';

/**
 * The actions at the end of a content row in the staff screens (slides,
 * sponsored content): an Active switch when the row has one, Edit and Delete,
 * each labelled with the row's title for screen readers.
 */
export function RowActions({
  title,
  active,
  onToggle,
  toggling = false,
  onEdit,
  onDelete,
}: {
  title: string;
  active?: boolean;
  onToggle?: () => void;
  toggling?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
      {active !== undefined && onToggle && (
        <FormControlLabel control={<Switch checked={active} onChange={onToggle} disabled={toggling} slotProps={{ input: { 'aria-label': t('rowActions.activeNamed', { title }) } }} />} label={active ? t('rowActions.active') : t('rowActions.inactive')} />
      )}
      <Tooltip title={t('rowActions.edit')}>
        <IconButton aria-label={t('rowActions.editNamed', { title })} onClick={onEdit}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('rowActions.delete')}>
        <IconButton aria-label={t('rowActions.deleteNamed', { title })} color="error" onClick={onDelete}>
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
