import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/connection.ts';

/**
 * oidc-provider storage on our database (table oidc_payloads), so sign-in sessions, codes and
 * refresh tokens survive restarts and are shared by every server instance.
 */
export function kyselyAdapterFactory(db: Db): new (model: string) => Adapter {
  return class KyselyAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        id,
        model: this.model,
        payload: JSON.stringify(payload),
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
        consumedAt: null,
      };
      await db.kysely
        .insertInto('oidcPayloads')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet({
            payload: row.payload,
            grantId: row.grantId,
            userCode: row.userCode,
            uid: row.uid,
            expiresAt: row.expiresAt,
          }),
        )
        .execute();
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

    async consume(id: string): Promise<void> {
      await db.kysely
        .updateTable('oidcPayloads')
        .set({ consumedAt: new Date().toISOString() })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.kysely
        .deleteFrom('oidcPayloads')
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.kysely.deleteFrom('oidcPayloads').where('grantId', '=', grantId).execute();
    }

    private async findBy(
      column: 'id' | 'uid' | 'userCode',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const row = await db.kysely
        .selectFrom('oidcPayloads')
        .select(['payload', 'expiresAt', 'consumedAt'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expiresAt && row.expiresAt < new Date().toISOString())) {
        return undefined;
      }
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumedAt
        ? { ...payload, consumed: Math.floor(Date.parse(row.consumedAt) / 1000) }
        : payload;
    }
  };
}
