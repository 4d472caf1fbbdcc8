import { REMOTE_PAGES, remotePageAt } from './pages';
import { REMOTES } from './remotes';

describe('remotePageAt', () => {
  it('finds each remote page at its path, as the router matches it (trailing slash, letter case)', () => {
    for (const page of REMOTE_PAGES) {
      expect(remotePageAt(page.path)).toBe(page);
      expect(remotePageAt(`${page.path}/`)).toBe(page);
      expect(remotePageAt(page.path.toUpperCase())).toBe(page);
    }
  });

  it.each(['/', '/reset', '/home/extra', '/no/such/page'])('finds no remote page at %s', (path) => {
    expect(remotePageAt(path)).toBeUndefined();
  });

  it('names only exposes the remotes build, and only GET paths of the api as first reads', () => {
    const exposes = REMOTES.map(({ name, expose }) => `${name}/${expose}`);
    for (const page of REMOTE_PAGES) {
      expect(exposes).toContain(page.expose);
      const reads = [
        ...(('firstReads' in page && page.firstReads) || []),
        ...(('premiumReads' in page && page.premiumReads) || []),
      ];
      for (const read of reads) expect(read).toMatch(/^\/api\/[a-z/-]+$/);
      expect(new Set(reads).size).toBe(reads.length);
    }
  });
});
