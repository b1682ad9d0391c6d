import { RequestStatus, type RequestStatusId } from '@uap/domain';
import { buildPath, buildRequest, userIdOf, type BuiltPath } from '../packages/server/test/factories.ts';
import { e2eDb } from './server.ts';

/** Demo accounts the journeys sign in as (they exist in the seeded copy every file serves). */
export const demoEmails = {
  sam: 'sam.standard@agency.example',
  alex: 'alex.approver@agency.example',
  pat: 'pat.provisioner@agency.example',
} as const;

const midnight = (offsetDays: number) => {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())).toISOString();
};

/** A fresh path that Alex approves and Pat provisions. */
export async function alexAndPatPath(): Promise<BuiltPath> {
  const db = e2eDb();
  return buildPath(db, {
    assignment: {
      primary: await userIdOf(db, demoEmails.alex),
      provisioner: await userIdOf(db, demoEmails.pat),
    },
  });
}

/**
 * One of Sam's own request lines on a fresh path routed to Alex and Pat. `days` gives its
 * length of access relative to today ([start, end]); default unlimited.
 */
export async function samLine(
  o: { statusId?: RequestStatusId; days?: [number, number]; provisionedByPat?: boolean } = {},
) {
  const db = e2eDb();
  const path = await alexAndPatPath();
  const sam = { userId: await userIdOf(db, demoEmails.sam), email: demoEmails.sam };
  const line = await buildRequest(db, {
    path,
    user: sam,
    statusId: o.statusId ?? RequestStatus.COMPLETED,
    decidedBy: await userIdOf(db, demoEmails.alex),
    set: {
      ...(o.days ? { beginningDate: midnight(o.days[0]), expirationDate: midnight(o.days[1]) } : {}),
      ...(o.provisionedByPat ? { provisionedBy: await userIdOf(db, demoEmails.pat) } : {}),
    },
  });
  return { id: line.requestId, path };
}
