// `npm run admin -- grant <username> | revoke <username> | list`: the operator's command for
// the admin role, on the database the server is configured for (DATA_DIR's SQLite file or
// DATABASE_URL), with the same environment as `npm start`. Run it where the server runs.
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { AppError } from '../lib/app-error';
import { UserRepository } from '../repositories/user.repository';
import { AdminRolesService } from '../services/admin-roles.service';
import { SessionCache } from '../services/session-cache';

const usage = `Usage:
  npm run admin -- grant <username>    give an existing account the admin role
  npm run admin -- revoke <username>   take it back
  npm run admin -- list                list the administrators`;

async function main(args: string[]): Promise<number> {
  const [command, username, ...extra] = args;
  const needsName = command === 'grant' || command === 'revoke';
  if (!(needsName || command === 'list') || (needsName ? !username : username) || extra.length) {
    console.error(usage);
    return 2;
  }
  const database = connectDatabase(loadConfig());
  try {
    // A database the server has not started on yet gets the role column first.
    await migrateToLatest(database.db);
    const admins = new AdminRolesService(new UserRepository(database.db), new SessionCache(0));
    if (command === 'grant') {
      const user = await admins.grant(username!);
      console.log(`${user.username} is now an administrator`);
    } else if (command === 'revoke') {
      const user = await admins.revoke(username!);
      console.log(`${user.username} is no longer an administrator`);
    } else {
      for (const user of await admins.list()) console.log(user.username);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
