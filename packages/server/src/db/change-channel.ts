import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './connection.ts';

/** The channel on which an instance says it wrote something that may change who may do what. */
export const ACCESS_CHANGES = 'uap_access_changes';

/**
 * Tells the instances listening on `channel` (PostgreSQL; with SQLite one process is the whole
 * system and this does nothing). A tool that writes outside the server (the directory import)
 * calls it too.
 */
export async function notifyChannel(db: Db, channel: string = ACCESS_CHANGES): Promise<void> {
  if (db.dialect === 'postgres') {
    await sql`select pg_notify(${channel}, '')`.execute(db.kysely);
  }
}

/**
 * How the instances on one PostgreSQL database tell each other that something changed
 * (LISTEN/NOTIFY). `notify` tells every instance listening, this one included; `onChange` runs
 * on each notice, and also each time the listening connection opens or is lost, because the
 * notices sent while it was down are gone: what the instance kept is then dropped (the catch-up).
 * While the connection is down `isListening` is false and whatever the instance keeps must not
 * be trusted; it is opened again every `retryMs`.
 */
export class ChangeChannel {
  isListening = false;
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private isClosed = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onChange: () => void,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly retryMs = 1_000,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.isClosed) {
      return;
    }
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (notice) => {
      if (notice.channel === this.channel) {
        this.onChange();
      }
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      // The channel is one of this module's constants, an identifier LISTEN cannot bind.
      await client.query(`LISTEN ${this.channel}`);
      if (this.isClosed) {
        await client.end();
        return;
      }
      this.client = client;
      this.isListening = true;
      this.onChange();
    } catch (error) {
      this.onError(error);
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.retryLater();
    }
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client) {
      return;
    }
    if (error) {
      this.onError(error);
    }
    this.client = null;
    this.isListening = false;
    this.onChange();
    client.end().catch(() => undefined);
    this.retryLater();
  }

  private retryLater(): void {
    if (this.isClosed || this.retry) {
      return;
    }
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, this.retryMs);
    this.retry.unref();
  }

  /** Tells every instance on the database, through one of the app's own connections. */
  async notify(db: Db): Promise<void> {
    await notifyChannel(db, this.channel);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.isListening = false;
    if (this.retry) {
      clearTimeout(this.retry);
      this.retry = null;
    }
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
