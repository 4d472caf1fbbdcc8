import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { REMOTES } from '@hit/contracts';
import {
  cohortBucket,
  entryFor,
  findRemote,
  formatReleaseMap,
  inCanary,
  nextRelease,
  parseReleaseArgs,
  type EffectiveRelease,
  type ReleaseCommand,
  type ReleaseState,
  type TransitionContext,
} from '../src/rollout';

const auth = findRemote('mf_auth')!;
const SAMPLE = 20_000;

/** 20,000 anonymous cohort ids as the api makes them (128 random bits in hex), fixed so the test never flakes. */
const anonymousIds = Array.from({ length: SAMPLE }, (_, i) =>
  createHash('sha256').update(`visitor ${i}`).digest('hex').slice(0, 32),
);
/**
 * User ids as one api process creates them one after the other (ObjectIds: the same timestamp and process bytes,
 * then a counter): nearly identical strings. Fixed too, so the test never flakes.
 */
const userIds = Array.from({ length: SAMPLE }, (_, i) =>
  new Types.ObjectId(`6650a1b2c3d4e5f607${(0x0a0000 + i).toString(16).padStart(6, '0')}`).toHexString(),
);

/** |share - p| within 4 standard deviations of a binomial(n, p). */
function expectShareNear(hits: number, n: number, p: number) {
  const tolerance = 4 * Math.sqrt((p * (1 - p)) / n);
  expect(Math.abs(hits / n - p)).toBeLessThan(tolerance);
}

describe('cohorts', () => {
  it('puts every cohort in a whole bucket from 0 to 99', () => {
    for (const id of anonymousIds.slice(0, 1000)) {
      const bucket = cohortBucket('mf_auth', id);
      expect(Number.isInteger(bucket) && bucket >= 0 && bucket < 100).toBe(true);
    }
  });

  it.each([
    ['anonymous ids', anonymousIds, 10],
    ['anonymous ids', anonymousIds, 50],
    ['sequential user ids', userIds, 10],
    ['sequential user ids', userIds, 50],
  ])('gives a %s canary at %i% to that share of visitors, within statistical noise', (_kind, ids, percent) => {
    for (const { name } of REMOTES) {
      const hits = ids.filter((id) => inCanary(name, id, percent)).length;
      expectShareNear(hits, ids.length, percent / 100);
    }
  });

  it('gives a 0% canary to nobody and a 100% canary to everybody', () => {
    expect(anonymousIds.filter((id) => inCanary('mf_auth', id, 0))).toHaveLength(0);
    expect(anonymousIds.filter((id) => inCanary('mf_auth', id, 100))).toHaveLength(SAMPLE);
  });

  it("always gives the same answer to the same cohort, and a bigger canary keeps the smaller one's visitors", () => {
    for (const id of anonymousIds.slice(0, 2000)) {
      expect(cohortBucket('mf_auth', id)).toBe(cohortBucket('mf_auth', id));
      if (inCanary('mf_auth', id, 10)) expect(inCanary('mf_auth', id, 50)).toBe(true);
    }
    // Fixed values: no salt, so every process and every release of the api agrees.
    expect(cohortBucket('mf_auth', '0123456789abcdef0123456789abcdef')).toBe(
      cohortBucket('mf_auth', '0123456789abcdef0123456789abcdef'),
    );
    const digest = createHash('sha256').update('mf_auth:someone').digest();
    expect(cohortBucket('mf_auth', 'someone')).toBe(Math.floor((digest.readUInt32BE(0) * 100) / 2 ** 32));
  });

  it('draws the canaries of different remotes independently', () => {
    const both = anonymousIds.filter((id) => inCanary('mf_auth', id, 50) && inCanary('mf_workout', id, 50)).length;
    expectShareNear(both, SAMPLE, 0.25);
  });
});

describe('entryFor', () => {
  const release: EffectiveRelease = {
    remote: auth,
    stable: { version: '1.0.0', source: 'release table' },
    canary: { version: '1.1.0', percent: 30 },
    problems: [],
  };

  it('gives a canary visitor the canary with the stable as fallback, and the others the stable', () => {
    const inside = anonymousIds.find((id) => cohortBucket('mf_auth', id) < 30)!;
    const outside = anonymousIds.find((id) => cohortBucket('mf_auth', id) >= 30)!;
    expect(entryFor(release, inside)).toEqual({
      name: 'mf_auth',
      version: '1.1.0',
      entry: '/remotes/mf-auth/1.1.0/mf-manifest.json',
      fallbackEntry: '/remotes/mf-auth/1.0.0/mf-manifest.json',
    });
    expect(entryFor(release, outside)).toEqual({
      name: 'mf_auth',
      version: '1.0.0',
      entry: '/remotes/mf-auth/1.0.0/mf-manifest.json',
    });
  });

  it('leaves out a remote with nothing published', () => {
    expect(entryFor({ remote: auth, problems: [] }, anonymousIds[0])).toBeUndefined();
  });
});

describe('parseReleaseArgs', () => {
  it.each<[string[], ReturnType<typeof parseReleaseArgs>]>([
    [[], { kind: 'status' }],
    [['--help'], { kind: 'help' }],
    [['mf_auth', '-h'], { kind: 'help' }],
    [['mf_auth', '1.2.0'], { kind: 'command', remote: 'mf_auth', command: { action: 'release', version: '1.2.0' } }],
    [
      ['mf-auth', '1.2.0', '--percent', '10'],
      { kind: 'command', remote: 'mf-auth', command: { action: 'canary', version: '1.2.0', percent: 10 } },
    ],
    [
      ['--percent=100', 'mf_auth', '1.2.0'],
      { kind: 'command', remote: 'mf_auth', command: { action: 'canary', version: '1.2.0', percent: 100 } },
    ],
    [['mf_auth', '--promote'], { kind: 'command', remote: 'mf_auth', command: { action: 'promote' } }],
    [['mf_auth', '--rollback'], { kind: 'command', remote: 'mf_auth', command: { action: 'rollback' } }],
  ])('%j → %j', (args, parsed) => {
    expect(parseReleaseArgs(args)).toEqual(parsed);
  });

  it.each([
    [['mf_auth', '1.2.0', '--percent', '0'], '--percent must be a whole number from 1 to 100 (got 0)'],
    [['mf_auth', '1.2.0', '--percent', '101'], '--percent must be a whole number from 1 to 100 (got 101)'],
    [['mf_auth', '1.2.0', '--percent', '2.5'], '--percent must be a whole number from 1 to 100 (got 2.5)'],
    [['mf_auth', '1.2.0', '--percent', 'ten'], '--percent must be a whole number from 1 to 100 (got ten)'],
    [['mf_auth', '1.2.0', '--percent'], '--percent needs a value'],
    [['mf_auth', '1.2.0', '--force'], 'Unknown option --force'],
    [['mf_auth'], 'Name the version to release, or use --promote or --rollback'],
    [['--promote'], 'Name the remote'],
    [['mf_auth', '1.2.0', 'extra'], 'Unexpected argument extra'],
    [['mf_auth', '--promote', '--rollback'], '--promote and --rollback cannot be combined'],
    [['mf_auth', '1.2.0', '--promote'], '--promote takes no version'],
    [['mf_auth', '--rollback', '--percent', '5'], '--rollback cannot be combined with --percent'],
  ])('refuses %j: %s', (args, message) => {
    const parsed = parseReleaseArgs(args);
    expect(parsed.kind).toBe('usage-error');
    expect(parsed.kind === 'usage-error' && parsed.message).toContain(message);
  });
});

describe('nextRelease', () => {
  const published = new Set(['1.0.0', '1.1.0', '1.2.0']);
  const context = (current?: ReleaseState): TransitionContext => ({
    remote: auth,
    current,
    published,
    distDir: '/srv/mf-auth/dist',
  });
  const run = (current: ReleaseState | undefined, command: ReleaseCommand, max?: number) =>
    nextRelease(context(current), command, max);
  const state = (result: ReturnType<typeof nextRelease>) => {
    if (!result.ok) throw new Error(`refused: ${result.message}`);
    return result.state;
  };

  it('makes a version stable, pushing the old stable and withdrawing any canary', () => {
    expect(
      state(
        run(
          { stable: '1.0.0', canary: { version: '1.1.0', percent: 5 }, previousStables: [] },
          { action: 'release', version: '1.2.0' },
        ),
      ),
    ).toEqual({
      stable: '1.2.0',
      previousStables: ['1.0.0'],
    });
  });

  it('pushes the newest build on the first release, so it can be rolled back to', () => {
    const first = run(undefined, { action: 'release', version: '1.0.0' });
    expect(state(first)).toEqual({ stable: '1.0.0', previousStables: ['1.2.0'] });
    expect(first.message).toBe('mf_auth: 1.0.0 is now the stable version (was 1.2.0).');
  });

  it('changes nothing when releasing the current stable again', () => {
    const current = { stable: '1.0.0', previousStables: ['0.9.0'] };
    expect(run(current, { action: 'release', version: '1.0.0' })).toMatchObject({
      ok: true,
      changed: false,
      state: current,
    });
  });

  it('keeps only the most recent previous stables', () => {
    expect(
      state(run({ stable: '1.1.0', previousStables: ['0.1.0', '0.2.0'] }, { action: 'release', version: '1.2.0' }, 2)),
    ).toEqual({
      stable: '1.2.0',
      previousStables: ['0.2.0', '1.1.0'],
    });
  });

  it('makes a canary without touching the stable, and replaces an earlier canary', () => {
    const current = { stable: '1.0.0', previousStables: ['0.9.0'] };
    const canary = state(run(current, { action: 'canary', version: '1.1.0', percent: 10 }));
    expect(canary).toEqual({ stable: '1.0.0', canary: { version: '1.1.0', percent: 10 }, previousStables: ['0.9.0'] });
    expect(state(run(canary, { action: 'canary', version: '1.2.0', percent: 50 })).canary).toEqual({
      version: '1.2.0',
      percent: 50,
    });
  });

  it('pins the newest build as stable when a never-released remote gets a canary of an older version', () => {
    expect(state(run(undefined, { action: 'canary', version: '1.1.0', percent: 10 }))).toEqual({
      stable: '1.2.0',
      canary: { version: '1.1.0', percent: 10 },
      previousStables: [],
    });
  });

  it('promotes the canary, pushing the old stable', () => {
    const result = run(
      { stable: '1.0.0', canary: { version: '1.1.0', percent: 10 }, previousStables: [] },
      { action: 'promote' },
    );
    expect(state(result)).toEqual({ stable: '1.1.0', previousStables: ['1.0.0'] });
  });

  it('rolls back a canary first, then the stable', () => {
    const withCanary = { stable: '1.1.0', canary: { version: '1.2.0', percent: 10 }, previousStables: ['1.0.0'] };
    const withdrawn = state(run(withCanary, { action: 'rollback' }));
    expect(withdrawn).toEqual({ stable: '1.1.0', previousStables: ['1.0.0'] });
    expect(state(run(withdrawn, { action: 'rollback' }))).toEqual({ stable: '1.0.0', previousStables: [] });
  });

  it.each<[string, ReleaseState | undefined, ReleaseCommand, string]>([
    [
      'an unpublished version',
      undefined,
      { action: 'release', version: '2.0.0' },
      '2.0.0 of mf_auth is not published: there is no /srv/mf-auth/dist/2.0.0/mf-manifest.json',
    ],
    ['something that is not a version', undefined, { action: 'release', version: 'latest' }, 'latest is not a version'],
    [
      'an unpublished canary',
      { stable: '1.0.0', previousStables: [] },
      { action: 'canary', version: '2.0.0', percent: 5 },
      '2.0.0 of mf_auth is not published',
    ],
    [
      'a canary of the stable',
      { stable: '1.0.0', previousStables: [] },
      { action: 'canary', version: '1.0.0', percent: 5 },
      '1.0.0 is already the stable version of mf_auth',
    ],
    [
      'a canary of the newest build of a never-released remote',
      undefined,
      { action: 'canary', version: '1.2.0', percent: 5 },
      'mf_auth has no release yet',
    ],
    [
      '--promote without a canary',
      { stable: '1.0.0', previousStables: [] },
      { action: 'promote' },
      'mf_auth has no canary to promote',
    ],
    ['--promote of a never-released remote', undefined, { action: 'promote' }, 'mf_auth has no canary to promote'],
    [
      '--promote of a canary whose build is gone',
      { stable: '1.0.0', canary: { version: '3.0.0', percent: 5 }, previousStables: [] },
      { action: 'promote' },
      'Canary 3.0.0 of mf_auth is not published',
    ],
    [
      '--rollback with nothing to roll back to',
      { stable: '1.0.0', previousStables: [] },
      { action: 'rollback' },
      'mf_auth has nothing to roll back to',
    ],
    ['--rollback of a never-released remote', undefined, { action: 'rollback' }, 'mf_auth has nothing to roll back to'],
    [
      '--rollback to a version whose build is gone',
      { stable: '1.0.0', previousStables: ['0.5.0'] },
      { action: 'rollback' },
      'previous stable version 0.5.0 is no longer published',
    ],
  ])('refuses %s', (_case, current, command, message) => {
    const result = run(current, command);
    expect(result.ok).toBe(false);
    expect(result.message).toContain(message);
  });
});

describe('formatReleaseMap', () => {
  it('prints one aligned line per remote after a header, and the problems after them', () => {
    const [workout, analytics] = [findRemote('mf-workout')!, findRemote('mf_analytics')!];
    expect(
      formatReleaseMap([
        {
          remote: auth,
          stable: { version: '1.0.0', source: 'release table' },
          canary: { version: '1.1.0', percent: 10 },
          problems: [],
        },
        {
          remote: workout,
          stable: { version: '0.3.0', source: 'newest build' },
          problems: ['released stable 0.2.0 is not published'],
        },
        { remote: analytics, problems: [] },
      ]),
    ).toEqual([
      'remote        stable  canary       stable from',
      'mf_auth       1.0.0   1.1.0 (10%)  release table',
      'mf_workout    0.3.0   -            newest build',
      'mf_analytics  -       -            not built',
      'warning: mf_workout: released stable 0.2.0 is not published',
    ]);
  });
});
