import type { RegisterBody } from '@confab/protocol/auth';
import { apiFetch } from '@/lib/api-client';

/** `POST /api/_auth/register`: creates the account and signs it in (the server sets the cookie). */
export function register(body: RegisterBody): Promise<void> {
  return apiFetch('/api/_auth/register', { method: 'POST', body });
}
