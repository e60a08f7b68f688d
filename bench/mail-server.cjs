// The bench's SMTP server, in a process of its own: it accepts every message and keeps none. A move to
// Submitted or Info requested mails the patient; the tests' capture, in the bench's own process, parsed
// each message there, holding up the client sockets whose arrivals are timed, and its parsing (a
// millisecond a message) stood for work a mail provider does on its own machines.
const { SMTPServer } = require('smtp-server');

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    stream.on('end', () => done());
    stream.resume();
  },
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
process.on('disconnect', () => server.close(() => process.exit(0)));
