import { useDeferredValue } from 'react';

/**
 * A query's result whose new data is shown in a background render: the
 * answer's arrival re-renders the section at once with what it showed
 * before (cheap), and the new content in a time-sliced render React can
 * interrupt. A query store's update alone is always urgent, which on the
 * home page meant several long freezes as the sections' answers arrived.
 */
export function useDeferredQuery<Q extends { data: unknown; isLoading: boolean; isPending: boolean }>(query: Q): Q {
  const data = useDeferredValue(query.data);
  if (data === query.data) return query;
  // Until the new data renders, the section still shows its previous state (loading, when it had none).
  const waiting = data === undefined;
  return { ...query, data, isLoading: query.isLoading || waiting, isPending: query.isPending || waiting };
}
