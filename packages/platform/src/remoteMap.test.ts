import { fetchRemoteMap } from './remoteMap';
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
