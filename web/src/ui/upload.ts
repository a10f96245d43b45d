import { ACCOUNT_TEXT } from '../../../shared/accounts';
import { getDefaultStore } from 'jotai';
import { ApiError } from '../app/api';
import { errorText } from '../i18n/errors';
import { i18nAtom } from '../i18n/state';
import type { ToastInput } from './toast';

/** The image types the server accepts (checked again by their bytes there). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The spec's image maximum: 5MB (001 §9). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Checks a chosen image before uploading; the spec's toast when it will be refused, else null (001 §5), in the
 * reader's language (English: ACCOUNT_TEXT's words).
 */
export function checkImageFile(file: File): ToastInput | null {
  const { t } = getDefaultStore().get(i18nAtom);
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return { title: errorText(ACCOUNT_TEXT.invalidFileType), description: t('bookings.image.pickType'), variant: 'error' };
  if (file.size > MAX_IMAGE_BYTES) return { title: errorText(ACCOUNT_TEXT.fileTooLarge), description: t('bookings.image.pickSmaller'), variant: 'error' };
  return null;
}

/**
 * The toast for a failed upload (001 §8): the server's word ('Invalid file
 * type', 'File too large', 'Upload failed') as the title and its explanation
 * below, else 'Upload failed' with the given fallback (e.g. 'Failed to upload
 * image. Please try again.').
 */
export function uploadErrorToast(err: unknown, fallback: string): ToastInput {
  if (err instanceof ApiError && ['unsupported_media_type', 'payload_too_large', 'unprocessable'].includes(err.code)) {
    const description = typeof err.details?.description === 'string' ? err.details.description : fallback;
    return { title: err.message, description, variant: 'error' };
  }
  return { title: errorText(ACCOUNT_TEXT.uploadFailed), description: err instanceof ApiError && err.code !== 'internal' ? err.message : fallback, variant: 'error' };
}
