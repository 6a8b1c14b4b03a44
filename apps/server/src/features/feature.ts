import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../jobs/job';
import type { Core } from '../app-core';

/**
 * One product area as app.ts sees it: a name, the background jobs it brings, and `register`, which builds its
 * services over the shared core, mounts its routes and hooks, and returns what tests and other entry points
 * may reach (`built.<name>`). app.ts lists every feature once, in order (see FEATURES).
 */
export type Feature<Name extends string = string, Exports = unknown> = {
  name: Name;
  /** Jobs this feature's services enqueue; the worker runs the jobs of every listed feature. */
  jobs?: readonly JobDefinition[];
  /** `built`: what the features registered before this one returned, by name (for a feature built on another's services). */
  register(app: FastifyInstance, core: Core, built: Readonly<Record<string, unknown>>): Promise<Exports>;
};

/** Declares a feature; keeps its name and exports typed for `BuiltApp`. */
export const defineFeature = <Name extends string, Exports>(feature: Feature<Name, Exports>) => feature;

/** `{ [feature name]: what its register returned }` for a list of features. */
export type FeatureExports<F extends readonly Feature[]> = {
  [K in F[number] as K['name']]: Awaited<ReturnType<K['register']>>;
};

/** Registers the features in order; each one's exports under its name. */
export async function registerFeatures<const F extends readonly Feature[]>(
  app: FastifyInstance,
  core: Core,
  features: F,
): Promise<FeatureExports<F>> {
  const out: Record<string, unknown> = {};
  for (const feature of features) out[feature.name] = await feature.register(app, core, out);
  return out as FeatureExports<F>;
}
