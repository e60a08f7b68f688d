import { connect, type Socket } from 'node:net';
import { createTransport } from 'nodemailer';
import { startMailCatcher, type MailCatcher } from './index';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher({ httpPort: null });
});
afterAll(() => catcher.close());

/** Sends one SMTP line and resolves with the server's reply to it. */
function say(socket: Socket, line: string | null): Promise<string> {
  return new Promise((resolve) => {
    socket.once('data', (reply) => resolve(reply.toString()));
    if (line !== null) socket.write(`${line}\r\n`);
  });
}

it('keeps catching mail after a sender is killed in the middle of a message', async () => {
  // A sender that dies mid-message (a worker SIGKILLed while its pooled connection is sending)
  // resets the socket: the catcher drops that message, as a real server would, and goes on.
  // The server reads the reset long before the next sender's mail has gone through its round trips.
  const socket = connect(catcher.smtpPort, '127.0.0.1');
  expect(await say(socket, null)).toMatch(/^220/);
  expect(await say(socket, 'EHLO sender')).toMatch(/^250/);
  expect(await say(socket, 'MAIL FROM:<a@example.test>')).toMatch(/^250/);
  expect(await say(socket, 'RCPT TO:<b@example.test>')).toMatch(/^250/);
  expect(await say(socket, 'DATA')).toMatch(/^354/);
  const closed = new Promise((done) => socket.once('close', done));
  socket.resetAndDestroy();
  await closed;

  const mail = createTransport({ url: catcher.smtpUrl });
  await mail.sendMail({ from: 'a@example.test', to: 'c@example.test', subject: 'whole', text: 'all of it' });
  const caught = await catcher.waitFor((m) => m.subject === 'whole');
  expect(caught.to).toEqual(['c@example.test']);
  expect(catcher.messages().map((m) => m.subject)).toEqual(['whole']);
  expect(catcher.cutOff()).toBe(1);
});

it('refuses recipients on the domains it is told to, until told to accept them again', async () => {
  const mail = createTransport({ url: catcher.smtpUrl });
  const message = { from: 'a@example.test', to: '18005551234@gateway.test', subject: 'fax', text: 'packet' };
  catcher.refuseDomains(['gateway.test']);
  await expect(mail.sendMail(message)).rejects.toThrow(/550 .*refused by the gateway/);
  catcher.refuseDomains([]);
  await mail.sendMail(message);
  expect((await catcher.waitFor((m) => m.subject === 'fax')).to).toEqual(['18005551234@gateway.test']);
  expect(catcher.messages().filter((m) => m.subject === 'fax')).toHaveLength(1);
});
