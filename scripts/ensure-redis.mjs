#!/usr/bin/env node
// Makes sure `redis-server` exists for the tests that need one (packages/server: the Redis round store, its faults,
// the replica fault test; packages/bridge: the Redis hub at scale; integration: the bridge's replicas; bench: the
// replica run), and says which one will be used. Installs Debian's `redis-server` with apt when running as root and it
// is missing (`apt-get update` first). The tests start and stop their own servers on loopback (`startRedis` of
// `@elicitation-kit/test-redis`, internal/test-redis).
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { hasRedisServer, redisServerBinary } from '../internal/test-redis/index.mjs';

function tryApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    return false;
  }
  console.log('› installing Debian redis-server with apt-get (running as root)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) {
    return false;
  }
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], {
    stdio: 'inherit',
    env,
  });
  return install.status === 0 && hasRedisServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (hasRedisServer() || tryApt()) {
    const version = spawnSync(redisServerBinary(), ['--version'], { encoding: 'utf8' }).stdout?.trim();
    console.log(`✓ Redis for tests: ${redisServerBinary()} (${version || 'version unknown'})`);
  } else {
    console.error(
      "✗ No redis-server found. Install Debian's package as root (apt-get install redis-server), or set REDIS_SERVER " +
        'to a redis-server binary.',
    );
    process.exit(1);
  }
}
