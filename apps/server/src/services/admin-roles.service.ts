import type { SessionUser } from '@confab/protocol/auth';
import { notFound } from '../lib/app-error';
import { sessionUserOf, type UserRepository } from '../repositories/user.repository';
import type { SessionCache } from './session-cache';

/**
 * Who is an administrator. Only the operator changes it, through `npm run admin` on the
 * server's own database (src/cli/admin.ts): no route or socket event reaches this service, so
 * there is no user to check access for. The role is read with the session, so a grant or
 * revocation made here holds from the account's next request; made by the command while the
 * server runs, within the session cache's few seconds (see SessionCache).
 */
export class AdminRolesService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionCache,
  ) {}

  grant(username: string): Promise<SessionUser> {
    return this.set(username, 'admin');
  }

  revoke(username: string): Promise<SessionUser> {
    return this.set(username, 'user');
  }

  async list(): Promise<SessionUser[]> {
    return (await this.users.listByRole('admin')).map(sessionUserOf);
  }

  private async set(username: string, role: SessionUser['role']): Promise<SessionUser> {
    const row = await this.users.setRole(username, role);
    if (!row) throw notFound(`No account is named "${username}"`);
    this.sessions.forgetUser(row.id);
    return sessionUserOf(row);
  }
}
