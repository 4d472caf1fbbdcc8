import { REMOTES, healthSchema, remoteMapSchema } from './remotes';

describe('remote contracts', () => {
  it('names four remotes with distinct MF names, folders and dev ports', () => {
    expect(REMOTES.map((r) => r.name)).toEqual(['mf_auth', 'mf_workout', 'mf_analytics', 'mf_account']);
    for (const key of ['name', 'folder', 'devPort'] as const) {
      expect(new Set(REMOTES.map((r) => r[key])).size).toBe(REMOTES.length);
    }
  });

  it('accepts a remote map with an optional stable fallback entry', () => {
    const map = {
      remotes: [
        { name: 'mf_auth', entry: '/remotes/mf-auth/0.2.0/mf-manifest.json', version: '0.2.0' },
        {
          name: 'mf_workout',
          entry: '/remotes/mf-workout/0.3.0/mf-manifest.json',
          version: '0.3.0',
          fallbackEntry: '/remotes/mf-workout/0.2.0/mf-manifest.json',
        },
      ],
    };
    expect(remoteMapSchema.parse(map)).toEqual(map);
  });

  it.each([
    ['an unknown remote name', { name: 'mf_other', entry: '/x', version: '1' }],
    ['an empty entry', { name: 'mf_auth', entry: '', version: '1' }],
    ['a missing version', { name: 'mf_auth', entry: '/x' }],
  ])('rejects a remote map with %s', (_case, remote) => {
    expect(remoteMapSchema.safeParse({ remotes: [remote] }).success).toBe(false);
  });

  it('describes health as ok with the database up, or degraded with it down', () => {
    expect(healthSchema.parse({ status: 'ok', database: 'up' })).toBeTruthy();
    expect(healthSchema.safeParse({ status: 'fine', database: 'up' }).success).toBe(false);
  });
});
