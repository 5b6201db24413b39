import { checkCatalogue } from '../../../test/support/catalogues.js';
import { LINK_MESSAGES } from './texts.js';

checkCatalogue('payment link page messages', LINK_MESSAGES);
