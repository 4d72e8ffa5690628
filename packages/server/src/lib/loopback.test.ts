import { describe, expect, test } from 'vitest';
import { isLoopbackAddress, isLoopbackHostname } from './loopback';

describe('loopback', () => {
  test.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])('%s is a loopback peer', (ip) =>
    expect(isLoopbackAddress(ip)).toBe(true),
  );

  test.each(['10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', '2001:db8::1', '0.0.0.0', '::', '', undefined, 'localhost'])(
    '%s is not a loopback peer',
    (ip) => expect(isLoopbackAddress(ip)).toBe(false),
  );

  test.each(['localhost', 'LOCALHOST', 'platter.localhost', 'localhost.', '127.0.0.1', '[::1]'])(
    '%s names this machine',
    (host) => expect(isLoopbackHostname(host)).toBe(true),
  );

  test.each(['platter.example.org', 'localhost.example.org', 'mylocalhost', '10.1.2.3', '[2001:db8::1]', '0.0.0.0'])(
    '%s names another machine',
    (host) => expect(isLoopbackHostname(host)).toBe(false),
  );
});
