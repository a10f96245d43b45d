import LockIcon from '@mui/icons-material/Lock';
import { Box, Typography } from '@mui/material';

/** The refusal a staff screen shows when the server says the role may not use it (the server's words, which are the spec's). */
export function AccessDenied({ message }: { message: string }) {
  const [title, ...rest] = message.startsWith('Access Denied: ') ? ['Access Denied', message.slice('Access Denied: '.length)] : ['Access Denied', message];
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <LockIcon sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} aria-hidden />
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{rest.join('')}</Typography>
    </Box>
  );
}
