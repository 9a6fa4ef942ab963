/** npm run admin:create -- --username NAME [--password PASS]: adds an admin. */
import { randomBytes } from 'node:crypto';
import { isCommonPassword } from '../src/common/common-passwords.ts';
import { createAdmin } from '../src/server/admin/first-admin.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { flag } from './lib.ts';

const username = flag('username');
if (!username || username.trim().length < 3) {
  console.error('Usage: npm run admin:create -- --username NAME [--password PASSWORD]\n  NAME: at least 3 characters.');
  process.exit(2);
}
const given = flag('password');
if (given !== undefined && (given.length < 12 || isCommonPassword(given))) {
  console.error(
    'The password must be at least 12 characters and not one of the most common passwords (or leave it out to generate one).',
  );
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqlitePath: config.sqlitePath,
  poolSize: config.databasePoolSize,
});
const { db } = database;
try {
  await migrateToLatest(database);
  const taken = await db.selectFrom('admins').select('id').where('username', '=', username.trim()).executeTakeFirst();
  if (taken) {
    console.error(`An admin named "${username}" already exists.`);
    process.exitCode = 1;
  } else {
    const password = given ?? randomBytes(15).toString('base64url');
    await createAdmin(db, username.trim(), password);
    console.log(`Admin "${username.trim()}" created.${given ? '' : ` Password (shown once): ${password}`}`);
  }
} finally {
  await db.destroy();
}
