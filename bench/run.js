// The benchmarks and their budgets (ARCHITECTURE §7) are not written yet; this says so instead of pretending.
console.error('No benchmarks yet: `npm run bench` is built by the performance issue (bundles, page speed, api throughput, growth).');
process.exit(1);
