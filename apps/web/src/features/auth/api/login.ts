import type { LoginBody } from '@confab/protocol/auth';
import { apiFetch } from '@/lib/api-client';

/** `POST /api/_auth/login`: the server answers with the session cookie. */
export function login(body: LoginBody): Promise<void> {
  return apiFetch('/api/_auth/login', { method: 'POST', body });
}
