import { api } from '@/lib/api-client';

export function logout(): Promise<void> {
  return api.post<void>('/auth/logout', undefined, { auth: false });
}
