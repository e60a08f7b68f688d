import { createLogger, redactJobError, serializeError, type SafeError } from './logging';

describe('redactJobError (what admins see of a failed job, docs/architecture.md §13)', () => {
  it('removes email addresses, phone-like numbers and quoted values', () => {
    const text =
      "Can't send mail - all recipients were rejected: 550 5.1.1 <dana.demo@example.com>: Recipient address rejected; " +
      'fax to 5551234567@fax.example.org failed; call (555) 123-4567 or +1 555 123 4567; ' +
      'invalid input syntax for type date: "1962-05-14"; born 1962-05-14.';
    const redacted = redactJobError(text);
    for (const secret of ['dana.demo', 'example.com>', '5551234567', '123-4567', '555 123 4567', '1962-05-14']) {
      expect(redacted).not.toContain(secret);
    }
    expect(redacted).toContain('Recipient address rejected');
    expect(redacted).toContain('[email]');
    expect(redacted).toContain('[number]');
  });

  it('keeps what an admin needs: kinds, codes, addresses of services and ids', () => {
    const text = 'connect ECONNREFUSED 127.0.0.1:40123 (job 3f2c9a1e-1b2d-4c3e-9f4a-5b6c7d8e9f00, attempt 2)';
    expect(redactJobError(text)).toBe(text);
  });
});

describe("the log's error serializer (docs/architecture.md §13)", () => {
  it("writes an SMTP refusal without its recipient's address, in the message and the stack", () => {
    const lines: string[] = [];
    const logger = createLogger({ LOG_LEVEL: 'info' }, { write: (line: string) => lines.push(line) });
    const err = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 Recipient maria.lopez@example.org refused by the gateway",
      ),
      { code: 'EENVELOPE', responseCode: 550 },
    );
    logger.error({ err }, 'email job failed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('maria.lopez');
    expect(lines[0]).not.toContain('example.org');
    const logged = JSON.parse(lines[0]).err;
    expect(logged.message).toBe(
      "Can't send mail - all recipients were rejected: 550 Recipient [email] refused by the gateway",
    );
    expect(logged.stack.split('\n')[0]).toBe(`Error: ${logged.message}`);
    expect(logged.code).toBe('EENVELOPE');
  });

  it('drops a phone number written in an error, keeps ports and ids', () => {
    const err = new Error('fax to +1 (555) 123-4567 failed: connect ECONNREFUSED 127.0.0.1:40123');
    expect((serializeError(err) as SafeError).message).toBe(
      'fax to [number] failed: connect ECONNREFUSED 127.0.0.1:40123',
    );
  });
});
