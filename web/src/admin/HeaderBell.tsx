import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/**
 * The notification bell slot of the staff header (001 §2). Until the
 * notifications screen fills it with the bell list, it opens
 * /admin/notifications.
 */
export function HeaderBell() {
  return (
    <Tooltip title="Notifications">
      <IconButton component={RouterLink} to="/admin/notifications" aria-label="Notifications" color="inherit">
        <NotificationsIcon />
      </IconButton>
    </Tooltip>
  );
}
