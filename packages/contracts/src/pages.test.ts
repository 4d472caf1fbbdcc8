import { nextDayHintReads, REMOTE_PAGES, remotePageAt } from './pages';
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

describe('nextDayHintReads', () => {
  it("names the 'Last time' hint of each exercise of the day the rotation recommends", () => {
    expect(nextDayHintReads(2)).toEqual([201, 202, 203, 204, 205].map((id) => `/api/progress/last-workout/${id}/2`));
    expect(nextDayHintReads(3)).toEqual([301, 302, 303].map((id) => `/api/progress/last-workout/${id}/3`));
  });

  it("takes any other day id by its template number, as the dashboard's findNextDay does", () => {
    expect(nextDayHintReads(12)).toEqual(nextDayHintReads(2));
    expect(nextDayHintReads(0)).toEqual(nextDayHintReads(1));
  });
});
