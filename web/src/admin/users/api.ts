import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, UpdateUserInput, UserView } from '../../../../shared/accounts';
import { api } from '../../app/api';

const KEY = ['users'] as const;

/** Every account, newest first (the screen filters them as you type). */
export function useUsers() {
  return useQuery({ queryKey: KEY, queryFn: async () => (await api<{ users: UserView[] }>('/api/users')).users, staleTime: 10_000 });
}

/** Create, edit, avatar and delete calls; each refreshes the list when it settles. */
export function useUserMutations() {
  const qc = useQueryClient();
  const settle = () => void qc.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({ mutationFn: (input: CreateUserInput) => api<UserView>('/api/users', { method: 'POST', body: input }), onSettled: settle }),
    update: useMutation({ mutationFn: ({ id, input }: { id: string; input: UpdateUserInput }) => api<UserView>(`/api/users/${id}`, { method: 'PATCH', body: input }), onSettled: settle }),
    avatar: useMutation({ mutationFn: ({ id, file }: { id: string; file: File }) => api<UserView>(`/api/users/${id}/avatar`, { method: 'PUT', rawBody: file }), onSettled: settle }),
    remove: useMutation({ mutationFn: (id: string) => api<null>(`/api/users/${id}`, { method: 'DELETE' }), onSettled: settle }),
  };
}
