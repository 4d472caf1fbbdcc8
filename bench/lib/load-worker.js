// Runs one autocannon load as its own process (so the load generator does not share an event loop with a server)
// and prints its summary as one JSON line. argv[2]: JSON { url, method, headers, body | bodies, connections, duration }.
const autocannon = require('autocannon');

const options = JSON.parse(process.argv[2]);
autocannon(
  {
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    body: options.body,
    // Several bodies: each connection sends them in turn (e.g. an autosave that changes a set every time).
    ...(options.bodies && { requests: options.bodies.map((body) => ({ method: options.method, body })) }),
    connections: options.connections ?? 50,
    duration: options.duration ?? 10,
  },
  (error, result) => {
    if (error) {
      console.error(error.stack ?? String(error));
      process.exit(1);
    }
    const statusCounts = {};
    for (const key of ['1xx', '2xx', '3xx', '4xx', '5xx']) statusCounts[key] = result[key];
    process.stdout.write(
      `${JSON.stringify({
        rps: result.requests.average,
        requests: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        statusCounts,
        cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
        seconds: process.uptime(),
      })}\n`,
    );
  },
);
