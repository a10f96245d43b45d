import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, UpdateUserInput, UserView } from '../../../../shared/accounts';
import { endpoint } from '../../app/api';

const list = endpoint<{ users: UserView[] }>('GET', () => '/api/users');
const create = endpoint<UserView, [input: CreateUserInput]>('POST', (body) => ({ path: '/api/users', body }));
const update = endpoint<UserView, [id: string, input: UpdateUserInput]>('PATCH', (id, body) => ({ path: `/api/users/${id}`, body }));
const avatar = endpoint<UserView, [id: string, file: File]>('PUT', (id, file) => ({ path: `/api/users/${id}/avatar`, rawBody: file }));
const remove = endpoint<null, [id: string]>('DELETE', (id) => `/api/users/${id}`);

const KEY = ['users'] as const;

/** Every account, newest first (the screen filters them as you type). */
export function useUsers() {
  return useQuery({ queryKey: KEY, queryFn: async () => (await list()).users, staleTime: 10_000 });
}

/** Create, edit, avatar and delete calls; each refreshes the list when it settles. */
export function useUserMutations() {
  const qc = useQueryClient();
  const settle = () => void qc.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({ mutationFn: create, onSettled: settle }),
    update: useMutation({ mutationFn: ({ id, input }: { id: string; input: UpdateUserInput }) => update(id, input), onSettled: settle }),
    avatar: useMutation({ mutationFn: ({ id, file }: { id: string; file: File }) => avatar(id, file), onSettled: settle }),
    remove: useMutation({ mutationFn: remove, onSettled: settle }),
  };
}
