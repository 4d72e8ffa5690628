/**
 * The log at LOG_LEVEL=debug (issue 31): every request is logged with its
 * URL, and neither a session's userauth nor a link's token may be written
 * with it, since whoever reads the log could then become the member.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { credentialsHeader } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, type Member } from './support/factories';

/** Every line the app logs, parsed. */
class CapturedLog {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  get text(): string {
    return this.lines.join('');
  }
  /** The URLs of the request lines (Fastify's "incoming request"). */
  urls(): string[] {
    return this.lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
  }
}

describe('the debug log', () => {
  const log = new CapturedLog();
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await startTestApp({ logLevel: 'debug' }, undefined, { logStream: log });
    member = await aMember(t);
  });
  afterAll(() => t.close());

  test("a GET call's userauth is not written, though the request is", async () => {
    await t.ok('user.info', {}, member);
    const line = log.urls().find((url) => url.startsWith('/api/user.info?'));
    expect(line).toContain(`userid=${member.userid}`);
    expect(line).toContain('userauth=[redacted]');
    expect(log.text).not.toContain(member.userauth);
  });

  test("the web app's Authorization header is not written either", async () => {
    const response = await t.fetch('/api/user.info?client=web', {
      headers: { authorization: credentialsHeader(member) },
    });
    expect(((await response.json()) as [boolean])[0]).toBe(true);
    expect(log.urls()).toContain('/api/user.info?client=web');
    expect(log.text).not.toContain(member.userauth);
  });

  test('nor is it when its name is percent-encoded, which the server reads the same', async () => {
    const response = await t.fetch(`/api/user.info?userid=${member.userid}&user%61uth=${member.userauth}&client=web`);
    expect(((await response.json()) as [boolean])[0]).toBe(true);
    expect(log.urls()).toContain(`/api/user.info?userid=${member.userid}&user%61uth=[redacted]&client=web`);
    expect(log.text).not.toContain(member.userauth);
  });

  test("a reset or verification link's token, a provider's code and a password are not written", async () => {
    const secrets = {
      verify_token: 'verify-secret-1',
      reset_token: 'reset-secret-2',
      code: 'provider-code-3',
      password: 'typed-password-4',
    };
    await t.fetch(`/?${new URLSearchParams({ ...secrets, first: '1' })}`);
    expect(log.urls()).toContain(
      '/?verify_token=[redacted]&reset_token=[redacted]&code=[redacted]&password=[redacted]&first=1',
    );
    for (const secret of Object.values(secrets)) expect(log.text).not.toContain(secret);
  });
});
