import * as apiKeys from './schema/api-keys';
import * as auth from './schema/auth';
import * as mail from './schema/mail';
import * as messages from './schema/messages';

/** The whole drizzle schema; each feature's tables live in db/schema/<area>.ts. */
export const schema = { ...auth, ...apiKeys, ...messages, ...mail };
export type Schema = typeof schema;
