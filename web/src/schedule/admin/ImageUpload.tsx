import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { ApiError } from '../../app/api';
import { staffApi } from '../api';
import { ShowImage } from '../components/ShowImage';
import { useToast } from '../../ui/toast';
import { useT } from '../../i18n/state';

const MAX_BYTES = 5 * 1024 * 1024;

/** Reads the first bytes of a file and says which image type they are (by magic number, never the name). */
async function sniff(file: File): Promise<'jpeg' | 'png' | 'webp' | 'gif' | null> {
  const b = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return 'gif';
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return 'webp';
  return null;
}

/**
 * The show image field: a preview (placeholder when none or broken) and an
 * upload button. JPEG, PNG, WebP or GIF by content, at most 5MB, with the
 * spec's messages; the server checks the same and re-encodes.
 */
export function ImageUpload({ value, onChange, label: given }: { value: string | null; onChange: (url: string | null) => void; label?: string }) {
  const t = useT();
  const label = given ?? t('bookings.image.label');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!(await sniff(file))) {
      toast({ title: t('bookings.image.invalidType'), description: t('bookings.image.pickType'), variant: 'error' });
      return;
    }
    if (file.size > MAX_BYTES) {
      toast({ title: t('bookings.image.tooLarge'), description: t('bookings.image.pickSmaller'), variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const res = await staffApi.uploadImage(file);
      onChange(res.url);
      toast({ title: t('bookings.image.uploaded'), variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 413 || err.status === 415)) {
        toast({ title: err.message, description: err.status === 413 ? t('bookings.image.pickSmaller') : t('bookings.image.pickType'), variant: 'error' });
      } else {
        toast({ title: t('bookings.image.uploadFailed'), description: err instanceof ApiError ? err.message : t('bookings.image.uploadFailedDetail'), variant: 'error' });
      }
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <ShowImage src={value} alt={value ? t('bookings.image.preview', { label }) : ''} sx={{ width: 96, height: 72, borderRadius: 1, flexShrink: 0 }} />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('bookings.image.help')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
          <Button size="small" variant="outlined" startIcon={<UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
            {busy ? t('bookings.image.uploading') : value ? t('bookings.image.replace') : t('bookings.image.upload')}
          </Button>
          {value && (
            <Button size="small" onClick={() => onChange(null)} disabled={busy}>
              {t('bookings.image.remove')}
            </Button>
          )}
        </Stack>
        <input ref={input} type="file" accept="image/jpeg,image/png,image/webp,image/gif" hidden aria-label={t('bookings.image.uploadLabel', { label: label.toLowerCase() })} onChange={(e) => void pick(e.target.files?.[0])} />
      </Box>
    </Stack>
  );
}
