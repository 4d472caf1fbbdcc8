import { fetchRemoteMap, INLINED_REMOTE_MAP_ID, takeInlinedRemoteMap } from './remoteMap';
import { answer, mockFetch } from '@hit/platform/test/apiMock';

describe('fetchRemoteMap', () => {
  it('loads the map without the HTTP cache', async () => {
    const remotes = [{ name: 'mf_auth', entry: '/remotes/mf-auth/0.1.0/mf-manifest.json', version: '0.1.0' }];
    const fetchMock = mockFetch(answer(200, { remotes }));

    await expect(fetchRemoteMap()).resolves.toEqual({ remotes });
    expect(fetchMock).toHaveBeenCalledWith('/api/remotes', expect.objectContaining({ cache: 'no-cache' }));
  });

  it('rejects a map that does not match the contract', async () => {
    mockFetch(answer(200, { remotes: [{ name: 'mf_unknown', entry: '/x.json', version: '1' }] }));

    await expect(fetchRemoteMap()).rejects.toThrow();
  });
});

describe('takeInlinedRemoteMap', () => {
  const remotes = [
    {
      name: 'mf_workout',
      entry: '/remotes/mf-workout/0.2.0/mf-manifest.json',
      version: '0.2.0',
      fallbackEntry: '/remotes/mf-workout/0.1.0/mf-manifest.json',
    },
  ];

  function pageCarries(text: string) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = INLINED_REMOTE_MAP_ID;
    block.textContent = text;
    document.head.append(block);
  }
  afterEach(() => document.getElementById(INLINED_REMOTE_MAP_ID)?.remove());

  it("reads the map the page's HTML carries, once: a later registration asks the api", () => {
    pageCarries(JSON.stringify({ remotes }));

    expect(takeInlinedRemoteMap()).toEqual({ remotes });
    expect(document.getElementById(INLINED_REMOTE_MAP_ID)).toBeNull();
    expect(takeInlinedRemoteMap()).toBeUndefined();
  });

  it('has none on a page without the block (the service worker’s offline copy of the page)', () => {
    expect(takeInlinedRemoteMap()).toBeUndefined();
  });

  it.each(['not json', JSON.stringify({ remotes: [{ name: 'mf_unknown', entry: '/x.json', version: '1' }] })])(
    'ignores a block that is not a map of the contract (%s)',
    (text) => {
      pageCarries(text);
      expect(takeInlinedRemoteMap()).toBeUndefined();
    },
  );
});
