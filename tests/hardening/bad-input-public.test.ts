import { badInputSuite } from './bad-input';

badInputSuite('public', 9_000);
