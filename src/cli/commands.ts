/**
 * The `kassa` commands by their first word, with their usage lines. A new command is a module of
 * its own (see kit.ts) and one row here.
 */
import type { CommandRun } from './kit.js';
import { CONNECTORS_USAGE, connectorsCommand } from './connectors.js';
import { CONTRACTS_USAGE, contractsCommand } from './contracts.js';
import { DEVELOPER_USAGE, developerCommand } from './developer.js';
import { KEYS_USAGE, keysCommand } from './keys.js';
import { LABELS_USAGE, labelsCommand } from './labels.js';
import { NOTIFICATIONS_USAGE, notificationsCommand } from './notifications.js';
import { PAYOUTS_USAGE, payoutsCommand } from './payouts.js';
import { STORES_USAGE, storesCommand } from './stores.js';
import { USERS_USAGE, usersCommand } from './users.js';

export interface CommandGroup {
  /** The first words this module answers. */
  words: readonly string[];
  run: CommandRun;
  usage: string;
}

export const OPERATOR_COMMANDS: readonly CommandGroup[] = [
  { words: ['stores'], run: storesCommand, usage: STORES_USAGE },
  { words: ['contracts'], run: contractsCommand, usage: CONTRACTS_USAGE },
  { words: ['notifications'], run: notificationsCommand, usage: NOTIFICATIONS_USAGE },
  { words: ['users'], run: usersCommand, usage: USERS_USAGE },
  { words: ['keys'], run: keysCommand, usage: KEYS_USAGE },
  { words: ['payouts'], run: payoutsCommand, usage: PAYOUTS_USAGE },
  { words: ['connectors'], run: connectorsCommand, usage: CONNECTORS_USAGE },
];

export const DEVELOPER_COMMANDS: readonly CommandGroup[] = [
  { words: ['listen', 'trigger', 'orders', 'refunds'], run: developerCommand, usage: DEVELOPER_USAGE },
  { words: ['labels'], run: labelsCommand, usage: LABELS_USAGE },
];
