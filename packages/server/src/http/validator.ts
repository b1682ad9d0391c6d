import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages, nulPath } from '@uap/domain';

/**
 * The zod validator of every route, refusing U+0000 first in any text of the request part
 * (a body, a query, path parts), keys and untyped values included: the same 400 as any
 * schema's refusal, on both engines. Search terms (`searchText`) pass and match nothing.
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const path = nulPath(data, route.schema);
    if (!path) {
      return validate(data);
    }
    // Refused through the type provider, so both error handlers (the envelope's, SCIM's) word it.
    const refusal = z.unknown().refine(() => false, { message: messages.textHasNul, path });
    return zodValidatorCompiler({ ...route, schema: refusal })(data);
  };
};
