/**
 * The response writer on a Request Tracker page of 50 lines, in-process: the compiled writer
 * (src/http/serializer.ts) against zod's encoding plus JSON.stringify, the answer built from
 * the schema itself (every string 24 characters, every nullable filled, every array one item).
 *
 *   npx tsx bench/serializer.ts [--runs 20000]
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { trackerPage } from '@uap/domain';
import { compileWriter } from '../packages/server/src/http/serializer.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20000' } } });
const RUNS = Number(values.runs);

/** Values by schema type: the first of an enum or literal, a nullable's or optional's inner value. */
const samplers: Record<string, (def: z.core.$ZodTypeDef, n: number) => unknown> = {
  string: (_, n) => `value ${String(n).padStart(6, '0')} of the page.`.slice(0, 24),
  number: (_, n) => n,
  boolean: (_, n) => n % 2 === 0,
  enum: (def) => Object.values((def as z.core.$ZodEnumDef).entries)[0],
  literal: (def) => (def as z.core.$ZodLiteralDef<z.core.util.Literal>).values[0],
  nullable: (def, n) => sample((def as z.core.$ZodNullableDef).innerType, n),
  optional: (def, n) => sample((def as z.core.$ZodOptionalDef).innerType, n),
  array: (def, n) => [sample((def as z.core.$ZodArrayDef).element, n)],
  object: (def, n) =>
    Object.fromEntries(
      Object.entries((def as z.core.$ZodObjectDef).shape).map(([key, inner]) => [key, sample(inner, n)]),
    ),
};

/** A value of `schema`'s type (see samplers). */
function sample(schema: z.core.$ZodType, n: number): unknown {
  const def = schema._zod.def;
  const sampler = samplers[def.type];
  if (!sampler) {
    throw new Error(`no sample for ${def.type}`);
  }
  return sampler(def, n);
}

const row = trackerPage.shape.requests.element as z.core.$ZodType;
const page = {
  requests: Array.from({ length: 50 }, (_, i) => sample(row, i)),
  page: 1,
  totalCount: 1_000_000,
};

function time(label: string, write: () => string): void {
  for (let i = 0; i < 2000; i++) {
    write();
  }
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    write();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.ceil(q * samples.length) - 1]!;
  console.log(
    `${label}: median ${(at(0.5) * 1000).toFixed(0)} µs, p95 ${(at(0.95) * 1000).toFixed(0)} µs a page`,
  );
}

const compiled = compileWriter(trackerPage);
const byZod = () => JSON.stringify(z.encode(trackerPage, page as z.input<typeof trackerPage>));
if (compiled(page) !== byZod()) {
  throw new Error('the compiled text differs from zod');
}
console.log(`a page of 50 tracker lines: ${compiled(page).length} characters`);
time('compiled writer', () => compiled(page));
time('zod encode + JSON.stringify', byZod);
