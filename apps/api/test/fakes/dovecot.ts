import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';
import { freePort } from '../server-process.js';

const run = promisify(execFile);

export const DOVECOT_BINARY = '/usr/sbin/dovecot';
export const hasDovecot = fs.existsSync(DOVECOT_BINARY);

export type Dovecot = {
  port: number;
  user: string;
  password: string;
  /** IMAP_URL of a folder of the test user. */
  url(folder?: string): string;
  /** Puts a raw message in a folder (APPEND over IMAP, with its INTERNALDATE when given); returns its UID. */
  append(raw: string | Buffer, folder?: string, internalDate?: Date): Promise<number>;
  /** The flags of a message (to check that reading it changed nothing). */
  flagsOf(uid: number, folder?: string): Promise<string[]>;
  /** Creates a folder of the test user. */
  createFolder(folder: string): Promise<void>;
  /** Gives the folder a new UIDVALIDITY, as a server does when it rebuilds a mailbox. */
  setUidValidity(value: number, folder?: string): Promise<void>;
  /** Stops the server (the port closes), keeping its mail. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same mail. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
};

async function waitForPort(port: number, open: boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isOpen === open) return;
    if (Date.now() > deadline)
      throw new Error(`dovecot: port ${port} not ${open ? 'open' : 'closed'} in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A real Dovecot IMAP server (Debian's dovecot-imapd) run from a temporary directory on a free loopback
 * port, plaintext, one user. Needs root (the mail directory belongs to the package's `dovecot` user).
 */
export async function startDovecot(): Promise<Dovecot> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-dovecot-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const user = 'cotacoes';
  const password = 'segredo';
  const config = path.join(dir, 'dovecot.conf');
  fs.mkdirSync(path.join(dir, 'run'));
  fs.mkdirSync(path.join(dir, 'mail', user), { recursive: true });
  fs.writeFileSync(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}::::::\n`);
  fs.writeFileSync(
    config,
    `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/run/state
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${dir}/mail/%u
default_internal_user = dovecot
default_internal_group = dovecot
default_login_user = dovenull
mail_uid = dovecot
mail_gid = dovecot
first_valid_uid = 1
log_path = ${dir}/run/dovecot.log
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
passdb {
  driver = passwd-file
  args = ${dir}/passwd
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=${dir}/mail/%u
}
`,
  );
  execFileSync('chown', ['-R', 'dovecot:dovecot', path.join(dir, 'mail')]);

  const log = () => fs.readFileSync(path.join(dir, 'run', 'dovecot.log'), 'utf8');
  const start = async () => {
    try {
      // The daemon keeps inherited pipes open, so wait for the launcher's exit, not for its output.
      const launcher = spawn(DOVECOT_BINARY, ['-c', config], { stdio: 'ignore' });
      const code = await new Promise<number | null>((resolve, reject) => {
        launcher.once('exit', resolve);
        launcher.once('error', reject);
      });
      if (code !== 0) throw new Error(`exit code ${code}`);
      await waitForPort(port, true);
    } catch (error) {
      const details = fs.existsSync(path.join(dir, 'run', 'dovecot.log')) ? log() : '';
      throw new Error(`dovecot did not start: ${(error as Error).message}\n${details}`);
    }
  };
  const stop = async () => {
    // Logged-in sessions outlive the master process: disconnect them first, as a real outage would.
    await run('doveadm', ['-c', config, 'kick', user]).catch(() => undefined);
    await run('doveadm', ['-c', config, 'stop']).catch(() => undefined);
    await waitForPort(port, false);
  };
  const url = (folder = 'INBOX') => `imap://${user}:${password}@127.0.0.1:${port}/${folder}`;

  async function withClient<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout();
    }
  }

  await start();
  return {
    port,
    user,
    password,
    url,
    async append(raw, folder = 'INBOX', internalDate) {
      return withClient(async (client) => {
        const result = await client.append(folder, raw, [], internalDate);
        const uid = result === false ? undefined : result.uid;
        if (!uid) throw new Error('dovecot: APPEND returned no UID');
        return uid;
      });
    },
    async flagsOf(uid, folder = 'INBOX') {
      return withClient(async (client) => {
        await client.mailboxOpen(folder, { readOnly: true });
        const message = await client.fetchOne(String(uid), { flags: true }, { uid: true });
        return message ? [...(message.flags ?? [])] : [];
      });
    },
    async createFolder(folder) {
      await withClient((client) => client.mailboxCreate(folder));
    },
    async setUidValidity(value, folder = 'INBOX') {
      await run('doveadm', [
        '-c',
        config,
        'mailbox',
        'update',
        '-u',
        user,
        '--uid-validity',
        String(value),
        folder,
      ]);
    },
    stop,
    start,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
