import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgeUserParams,
  acknowledgeUsersInput,
  envelope,
  messages,
  userStatusRow,
  userStatusTable,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { adminRead, adminWrite } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { tableRoutes } from '../../http/table-routes.ts';
import { runNow } from '../jobs/run-now.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { USER_STATUS_REPORT, userStatusReportJob } from '../jobs/user-status-report.ts';
import * as report from './status-service.ts';

/** The Status of Users report (the All User Profiles toolbar): directory changes to acknowledge. */
export const userStatusRoutes: FastifyPluginAsync<{ db: Db; runner: JobRunner }> = async (
  base,
  { db, runner },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get('/api/User/UserStatusReport', {
    config: { access: adminRead },
    schema: {
      tags,
      summary: 'Status of Users: directory changes of profiles to acknowledge (open rows first)',
      response: { 200: envelope(z.array(userStatusRow)) },
    },
    handler: async () => ok(await report.findUserStatusRows(db)),
  });

  tableRoutes(base, db, userStatusTable, report.userStatusReader, {
    access: adminRead,
    tags,
    rowsRule:
      "Every report row (administrators are not scoped by region here); open rows first, then the newest change first by default. The isDeleted (Actions) filter takes 'Open' and 'Acknowledged'. searchCriteria matches any part of the UAP Id, user name, role name, agency or description.",
  });

  app.get('/api/User/UserStatusReport/Run', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [409],
      summary: 'Run the internal user status report now (directory changes since its last run)',
      response: { 200: envelope(z.boolean()) },
    },
    handler: async (req) =>
      (await runNow(runner, USER_STATUS_REPORT, requireActor(req).userId, userStatusReportJob.title))
        ? ok(true, messages.userStatusReportDone)
        : { succeeded: false, message: messages.somethingWentWrong, data: false },
  });

  app.put('/api/User/User/AcknowledgeUser/:id/:flag', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404],
      summary: 'Acknowledge (flag true) or reopen (false) one Status of Users row',
      description: `'${messages.acknowledged}' or, reopening, '${messages.reopened}'. No such row: 404.`,
      params: acknowledgeUserParams,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => {
      const flag = req.params.flag === 'true' || req.params.flag === '1';
      if ((await report.acknowledgeRows(db, [req.params.id], flag)) === 0) {
        throw notFound();
      }
      return ok(null, flag ? messages.acknowledged : messages.reopened);
    },
  });

  app.put('/api/User/AcknowledgeUser', {
    config: { access: adminWrite },
    schema: {
      tags,
      errors: [404],
      summary: 'Acknowledge (IsDeleted true) or reopen several Status of Users rows',
      description: `'${messages.acknowledged}' or, reopening, '${messages.reopened}'. No such row: 404.`,
      body: acknowledgeUsersInput,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => {
      if ((await report.acknowledgeRows(db, req.body.Ids, req.body.IsDeleted)) === 0) {
        throw notFound();
      }
      return ok(null, req.body.IsDeleted ? messages.acknowledged : messages.reopened);
    },
  });
};
