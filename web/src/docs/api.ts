/** The API documentation page's one call: the OpenAPI document. */
import { useQuery } from '@tanstack/react-query';
import { endpoint, PUBLIC } from '../app/api';
import type { OpenApiDoc } from './openapi-view';

const openapi = endpoint<OpenApiDoc, [signal?: AbortSignal]>('GET', (signal) => ({ path: '/api/openapi.json', signal }), PUBLIC);

/** The OpenAPI document (kept 5 minutes). */
export function useOpenApiDoc() {
  return useQuery({ queryKey: ['openapi'], queryFn: ({ signal }) => openapi(signal), staleTime: 5 * 60_000 });
}
