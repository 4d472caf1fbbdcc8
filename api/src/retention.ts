import { loadConfig } from './config';
import { connectDatabaseForTool } from './db';
import { createModels } from './models';
import {
  deleteInactiveFreeAccounts,
  findInactiveFreeAccounts,
  INACTIVE_DAYS_BEFORE_DELETION,
  inactivityCutoff,
} from './services/retention';

export const RETENTION_HELP = `Usage: npm run retention -w api [-- --apply]

Lists free accounts with no activity for ${INACTIVE_DAYS_BEFORE_DELETION} days (e-mail and last-active date)
and, with --apply, deletes each of them with all its data: workouts, progress, every other record
keyed by the account, and its sessions. Accounts that ever paid (any subscription) are never deleted.

  --apply   delete the accounts listed (without it: a dry run that changes nothing)
  --help    show this text

The npm script first rebuilds the api and the packages it uses (a few seconds), then runs
api/dist/retention.js, so a fresh clone needs only \`npm install\` and a deleting run never uses stale code.
It reads the api's environment: MONGODB_URI, or else the embedded database in DATA_DIR (default .data/),
through the running \`npm start\` when there is one.`;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The command line, apart from the process: `args` after the script name; answers the exit code. */
export async function runRetention(
  args: string[],
  {
    env = process.env,
    print = console.log,
    now = new Date(),
  }: { env?: NodeJS.ProcessEnv; print?: (line: string) => void; now?: Date } = {},
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    print(RETENTION_HELP);
    return 0;
  }
  const unknown = args.filter((arg) => arg !== '--apply');
  if (unknown.length > 0) {
    print(`Unknown option ${unknown.join(' ')}\n\n${RETENTION_HELP}`);
    return 2;
  }
  const apply = args.includes('--apply');
  const config = loadConfig(env);
  const database = await connectDatabaseForTool(config);
  try {
    // Registers every model, so the deletion reaches every collection keyed by userId.
    createModels(database.connection);
    const since = `no activity since ${day(inactivityCutoff(now))}`;
    if (!apply) {
      const accounts = await findInactiveFreeAccounts(database.connection, now);
      for (const account of accounts) print(`${account.email}\tlast active ${day(account.lastActiveAt)}`);
      print(`${accounts.length} free account(s) with ${since} would be deleted. Run with --apply to delete them.`);
      return 0;
    }
    const run = await deleteInactiveFreeAccounts(database.connection, now);
    for (const account of run.deleted) print(`deleted ${account.email}\tlast active ${day(account.lastActiveAt)}`);
    const documents = Object.entries(run.documents).map(([model, count]) => `${model}: ${count}`);
    print(
      `${run.deleted.length} free account(s) with ${since} deleted (${documents.join(', ')}; sessions: ${run.sessions}).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  runRetention(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`Retention failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
