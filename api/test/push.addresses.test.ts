import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicAddress } from '../src/services/push';
import { NonPublicAddressError, publicAddressLookup, type ResolveHost } from '../src/services/pushSender';

/**
 * Which addresses the api may send a push to (services/push.ts), and the look-up its sender connects with
 * (services/pushSender.ts): a push service's name that resolves to loopback or a private address is never connected
 * to, whatever its DNS says at the moment of sending.
 */
describe('push service addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback, IPv4-mapped'],
    ['::ffff:7f00:1', 'loopback, IPv4-mapped'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'unique local (a cloud metadata service)'],
    ['169.254.169.254', 'link-local (a cloud metadata service)'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'shared address space (CGNAT)'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.251', 'multicast'],
    ['ff02::fb', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::7f00:1', 'IPv4-compatible'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2001::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['fec0::1', 'site-local'],
    ['not an address', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '142.250.74.42',
    '17.253.144.10',
    '8.8.8.8',
    '2a00:1450:4001:82b::200a',
    '2606:4700::6810:84e5',
    '::ffff:8.8.8.8',
  ])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  describe('the sender’s look-up', () => {
    let server: http.Server;
    let connections = 0;
    beforeAll(async () => {
      server = http.createServer((_req, res) => res.writeHead(201).end());
      server.on('connection', () => (connections += 1));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const answering =
      (...addresses: string[]): ResolveHost =>
      async () =>
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

    /** A GET to `hostname` on the server's port, connected through the guarded look-up. */
    function get(hostname: string, resolve: ResolveHost): Promise<number | Error> {
      const { port } = server.address() as AddressInfo;
      return new Promise((done) => {
        http
          .get({ hostname, port, lookup: publicAddressLookup(resolve), agent: false }, (response) => {
            response.resume();
            done(response.statusCode ?? 0);
          })
          .on('error', done);
      });
    }

    it('never connects to a name that resolves to loopback or a private address, whatever the family asked', async () => {
      for (const addresses of [['127.0.0.1'], ['::1'], ['10.0.0.5', '192.168.1.2'], ['::ffff:127.0.0.1']]) {
        const answer = await get('push.example.test', answering(...addresses));
        expect(answer).toBeInstanceOf(NonPublicAddressError);
        expect((answer as NonPublicAddressError).code).toBe('ERR_PUSH_ADDRESS_NOT_PUBLIC');
      }
      expect(connections).toBe(0);
    });

    it('connects through the control: the same server reached without the guard', async () => {
      const { port } = server.address() as AddressInfo;
      const status = await new Promise<number>((done) =>
        http.get({ hostname: '127.0.0.1', port, agent: false }, (response) => {
          response.resume();
          done(response.statusCode ?? 0);
        }),
      );
      expect(status).toBe(201);
      expect(connections).toBe(1);
    });

    it('keeps only the public addresses of a mixed answer, for one address or all of them', async () => {
      const lookup = publicAddressLookup(answering('127.0.0.1', '142.250.74.42', '10.0.0.1', '2a00:1450:4001::1'));
      const one = await new Promise<unknown[]>((done) =>
        lookup('push.example.test', {}, (...args) => done(args.slice(0, 3))),
      );
      expect(one).toEqual([null, '142.250.74.42', 4]);
      const all = await new Promise<unknown[]>((done) =>
        lookup('push.example.test', { all: true }, (...args) => done(args.slice(0, 2))),
      );
      expect(all).toEqual([
        null,
        [
          { address: '142.250.74.42', family: 4 },
          { address: '2a00:1450:4001::1', family: 6 },
        ],
      ]);
    });

    it('passes a failed look-up on as it is', async () => {
      const failure = Object.assign(new Error('getaddrinfo ENOTFOUND push.example.test'), { code: 'ENOTFOUND' });
      const lookup = publicAddressLookup(() => Promise.reject(failure));
      const error = await new Promise<unknown>((done) => lookup('push.example.test', {}, (err) => done(err)));
      expect(error).toBe(failure);
    });
  });
});
