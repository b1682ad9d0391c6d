import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/connection.ts';
import {
  consumeOidcPayload,
  deleteOidcGrant,
  deleteOidcPayload,
  findOidcPayload,
  storedPayload,
  upsertOidcPayload,
} from './auth-queries.ts';

/**
 * oidc-provider storage on our database (table oidc_payloads), so sign-in sessions, codes and
 * refresh tokens survive restarts and are shared by every server instance.
 */
export function kyselyAdapterFactory(db: Db): new (model: string) => Adapter {
  return class KyselyAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await upsertOidcPayload(db, {
        id,
        model: this.model,
        payload: JSON.stringify(payload),
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
      });
    }

    find(id: string) {
      return this.findBy('id', id);
    }

    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findBy('userCode', userCode);
    }

    consume(id: string): Promise<void> {
      return consumeOidcPayload(db, this.model, id);
    }

    destroy(id: string): Promise<void> {
      return deleteOidcPayload(db, this.model, id);
    }

    revokeByGrantId(grantId: string): Promise<void> {
      return deleteOidcGrant(db, grantId);
    }

    private async findBy(column: 'id' | 'uid' | 'userCode', value: string) {
      return storedPayload(await findOidcPayload(db, this.model, column, value));
    }
  };
}
