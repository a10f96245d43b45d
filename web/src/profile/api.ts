/** The signed-in user's own account: profile, avatar, presenter links and password. Typed with shared/accounts. */
import type { ChangePasswordInput, MeResponse, SocialLinksInput, UpdateMeInput } from '../../../shared/accounts';
import { endpoint } from '../app/api';

/** The signed-in user, their linked presenter and capabilities. */
export const fetchMe = endpoint<MeResponse>('GET', () => '/api/me');
export const updateMe = endpoint<MeResponse, [input: UpdateMeInput]>('PATCH', (body) => ({ path: '/api/me', body }));
/** Uploads a new avatar (the image's bytes). */
export const uploadMyAvatar = endpoint<unknown, [file: Blob]>('PUT', (file) => ({ path: '/api/me/avatar', rawBody: file }));
export const updateMyPresenterLinks = endpoint<MeResponse, [input: SocialLinksInput]>('PATCH', (body) => ({ path: '/api/me/presenter', body }));
export const changeMyPassword = endpoint<unknown, [input: ChangePasswordInput]>('POST', (body) => ({ path: '/api/me/password', body }));
