import { endpoint, PUBLIC } from '../app/api';
import type { FollowerCount } from '../../../shared/reach';

/** Follow a show without an account (issue 36): the station's VAPID key, follow, unfollow (README "Reach"). */
export const fetchPushKey = endpoint<{ public_key: string }>('GET', () => '/api/push/key', PUBLIC);
export const postFollow = endpoint<unknown, [showId: string, subscription: PushSubscriptionJSON]>('POST', (showId, subscription) => ({ path: '/api/follows', body: { show_id: showId, subscription } }), PUBLIC);
export const deleteFollow = endpoint<{ removed: number }, [endpoint: string, showId?: string]>(
  'DELETE',
  (ep, showId) => ({ path: '/api/follows', body: showId ? { endpoint: ep, show_id: showId } : { endpoint: ep } }),
  PUBLIC,
);
/** Staff: followers per show (follows.view). */
export const fetchFollowerCounts = endpoint<FollowerCount[]>('GET', () => '/api/follows/counts');
