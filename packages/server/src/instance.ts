import crypto from 'node:crypto';
import os from 'node:os';

/**
 * This process among the instances on one database: the owner named in the job and outbox
 * leases it holds (each lease adds a suffix of its own), so that a stopping instance can release
 * every lease it still holds.
 */
export const instanceId = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
