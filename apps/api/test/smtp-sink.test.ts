import net from 'node:net';
import { expect, it } from 'vitest';
import { startSmtpSink } from './fakes/smtp-sink.js';

// The crash tests kill -9 a server while it sends through this sink. A client reset in the middle of a
// message made smtp-server emit 'error' with no listener: an uncaught exception that failed a CI run
// whose tests had all passed.
it('a client reset in the middle of a message is not an error of the sink', async () => {
  const sink = await startSmtpSink({ delayMs: 150 });
  try {
    const socket = net.connect(Number(new URL(sink.url).port), '127.0.0.1');
    const commands = ['EHLO crash.test', 'MAIL FROM:<a@crash.test>', 'RCPT TO:<b@crash.test>', 'DATA'];
    const reset = new Promise<void>((resolve) => {
      socket.on('data', (data) => {
        const reply = data.toString();
        // One command per complete reply (its last line is '220 ' or '250 ', not '250-').
        if (commands.length > 0 && /^(220|250) /m.test(reply)) socket.write(`${commands.shift()}\r\n`);
        else if (/^354/m.test(reply)) {
          socket.write('Subject: partial\r\n\r\nhalf a message');
          setTimeout(() => {
            socket.resetAndDestroy();
            resolve();
          }, 50);
        }
      });
    });
    await reset;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages).toEqual([]);
    expect(sink.errors).toEqual([]);
  } finally {
    await sink.close();
  }
});
